// Vite plugin: a small script at the top of index.html that works out the page's language the way
// the app will (the stored choice, then the browser's languages), sets the document's language
// and direction before anything is drawn, and starts fetching that language's texts alongside the
// app's code instead of after it. The server allows the script by its hash
// (apps/server/src/plugins/security-headers.ts).
import type { Plugin } from 'vite';
import { LANGUAGES, STORAGE_KEYS } from '../../../packages/shared/src/limits.ts';

const BUNDLE = /lib\/i18n\/bundles\/(\w+)\.ts$/;

export function languageScript(files: Record<string, string>, fallback: string): string {
  return `(function(){var f=${JSON.stringify(files)},l=null;try{l=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.language)})}catch(e){}` +
    `var c=[l].concat(navigator.languages||[navigator.language]);l=${JSON.stringify(fallback)};` +
    `for(var i=0;i<c.length;i++){var b=String(c[i]||"").toLowerCase().split(/[-_]/)[0];if(f[b]){l=b;break}}` +
    `var h=document.documentElement;h.lang=l;h.dir=l==="ar"?"rtl":"ltr";` +
    `var k=document.createElement("link");k.rel="modulepreload";k.href=f[l];document.head.appendChild(k)})()`;
}

export function languagePreload(): Plugin {
  return {
    name: 'fieldops-language-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files: Record<string, string> = {};
        for (const output of Object.values(context.bundle ?? {})) {
          const language = output.type === 'chunk' ? BUNDLE.exec(output.facadeModuleId ?? '')?.[1] : undefined;
          if (output.type === 'chunk' && language && (LANGUAGES as readonly string[]).includes(language)) {
            files[language] = `/${output.fileName}`;
          }
        }
        if (Object.keys(files).length !== LANGUAGES.length) {
          throw new Error(`language bundles not found in the build: ${Object.keys(files).join(', ')}`);
        }
        return [{ tag: 'script', children: languageScript(files, LANGUAGES[0]), injectTo: 'head-prepend' }];
      },
    },
  };
}
