// Vite plugin: a small script at the top of index.html that works out the page's language the way
// the app will (the stored choice, then the browser's languages), sets the document's language
// and direction before anything is drawn, and starts fetching that language's texts alongside the
// app's code instead of after it. For a signed-in visitor (a stored token) opening a page after
// sign-in, it also starts fetching the chunks of those pages (the data layout, the shell, the
// rest of the texts, and the dashboard's page on `/` or the ticket board's with its texts on
// `/tickets`) and
// asks for the session, which the app would otherwise do only once its own code has run. The
// server allows the script by its hash (apps/server/src/plugins/security-headers.ts). It also
// links the web app manifest of that language (public/manifest-*.webmanifest).
import type { Plugin } from 'vite';
import { API_BASES, API_KEY_HEADER, FIRST_SCREEN, LANGUAGES, STORAGE_KEYS } from '../../../packages/shared/src/limits.ts';
import { EARLY_DASHBOARD_FIRST_DAY, EARLY_DASHBOARD_GLOBAL } from '../src/features/dashboard/api/early-dashboard.ts';
import { EARLY_SESSION_GLOBAL, SESSION_PATH } from '../src/lib/session/api/early-session.ts';

const BUNDLE = /lib\/i18n\/bundles\/(\w+)\.ts$/;
const APP_BUNDLE = /lib\/i18n\/bundles\/(\w+)-app\.ts$/;
/** The ticket board's own texts, which arrive with its page. */
const BOARD_TEXTS = /features\/tickets\/locales\/(\w+)\.json$/;
/** The modules of what every page after sign-in shows, and of the page on `/`. */
const SHELL = [/app\/data-layout\.tsx$/, /app\/signed-in-layout\.tsx$/];
const HOME = [/features\/dashboard\/dashboard-page\.tsx$/];
/** The ticket board's page on `/tickets`, which the server also draws for a phone. */
const BOARD = [/features\/tickets\/tickets-page\.tsx$/];
/** Pages a signed-in visitor may open without the shell. */
const PUBLIC_PATHS = ['/login', '/onboarding', '/activate'];

export interface SignedInChunks {
  /** Every page after sign-in: the layouts and their chunks. */
  shell: string[];
  /** The page on `/`. */
  home: string[];
  /** The page on `/tickets` (less what the shell and `/` load). */
  board?: string[];
  /** The rest of each language's texts. */
  texts: Record<string, string>;
  /** The ticket board's own texts in each language (src/lib/i18n/resources.ts). */
  boardTexts?: Record<string, string>;
  /** The stylesheets of the shell and of the pages on `/` and `/tickets`, which their code waits for. */
  styles?: string[];
  /** The app's entry and the chunks it imports, which a page drawn on the server starts after its first paint. */
  entry?: string[];
}

export function languageScript(files: Record<string, string>, fallback: string, signedIn?: SignedInChunks): string {
  const preload = 'function p(u){var k=document.createElement("link");k.rel="modulepreload";k.href=u;document.head.appendChild(k)}';
  const firstScreen = signedIn?.entry?.length
    ? // A page the server drew (plugins/first-screen.ts, with the shell's stylesheets and without
      // the app's script tags): shown as soon as it and its styles have arrived, the texts and
      // the code start after its first paint (once the page is parsed, two frames later; at once
      // in a tab in the background, which paints nothing). Drawn in another language than this
      // device's, it is hidden until the app has drawn it again.
      `var r=h.getAttribute("data-first-screen");if(r){var s=${JSON.stringify(signedIn)};if(r!==l)h.setAttribute("data-first-screen-stale","");` +
      `var g=function(){p(f[l]);var o=location.pathname==="/tickets";s.entry.concat(s.shell,o?s.board||[]:s.home,s.texts[l]?[s.texts[l]]:[],o&&s.boardTexts&&s.boardTexts[l]?[s.boardTexts[l]]:[]).forEach(p);` +
      `var z=document.createElement("script");z.type="module";z.crossOrigin="";z.src=s.entry[0];document.head.appendChild(z)};` +
      `var a=function(){if(document.hidden)g();else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(g,0)})})};` +
      `if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",a);else a();return}`
    : '';
  const shell = signedIn
    ? `var t=null;try{t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})}catch(e){}var w=location.pathname;` +
      `if(t&&${JSON.stringify(PUBLIC_PATHS)}.indexOf(w)<0){var s=${JSON.stringify(signedIn)};` +
      `s.shell.concat(w==="/"?s.home:w==="/tickets"?s.board||[]:[],s.texts[l]?[s.texts[l]]:[],w==="/tickets"&&s.boardTexts&&s.boardTexts[l]?[s.boardTexts[l]]:[]).forEach(p);` +
      // The session too, with the headers the API client sends; the app takes the answer.
      `var a=null;try{a=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.apiKey)})}catch(e){}` +
      `var q={Accept:"application/json, application/problem+json","Accept-Language":l,Authorization:"Bearer "+t};if(a)q[${JSON.stringify(API_KEY_HEADER)}]=a;` +
      `window[${JSON.stringify(EARLY_SESSION_GLOBAL)}]=fetch(${JSON.stringify(API_BASES.main + SESSION_PATH)},{headers:q}).catch(function(){return null});` +
      // Fetched now, applied when the code that needs them asks (as a preload they draw nothing).
      `(s.styles||[]).forEach(function(u){var k=document.createElement("link");k.rel="preload";k.setAttribute("as","style");k.crossOrigin="";k.href=u;document.head.appendChild(k)});` +
      // On `/` with the default filters, the dashboard's one call, where the dashboard left its
      // hint: the default range (last week) ends today in the business's zone. In a task of its
      // own: the zone's first date format loads the runtime's zone data (tens of milliseconds on
      // a phone), which would otherwise lengthen the parser's task that runs this script.
      `if(w==="/"&&!location.search)setTimeout(function(){try{var d=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.dashboardHint)})||"null");` +
      // Only ever to the app's own API: the token goes with it.
      `if(d&&typeof d.path==="string"&&d.path.indexOf(${JSON.stringify(API_BASES.workflow + '/')})===0&&typeof d.zone==="string"){var o={};` +
      `new Intl.DateTimeFormat("en-CA",{timeZone:d.zone,year:"numeric",month:"2-digit",day:"2-digit"}).formatToParts(new Date()).forEach(function(x){o[x.type]=x.value});` +
      `var e=o.year+"-"+o.month+"-"+o.day,b=new Date(Date.parse(e+"T00:00:00Z")+(${EARLY_DASHBOARD_FIRST_DAY})*864e5).toISOString().slice(0,10),u=d.path+"?startDate="+b+"&endDate="+e;` +
      `window[${JSON.stringify(EARLY_DASHBOARD_GLOBAL)}]={url:u,response:fetch(u,{headers:q}).catch(function(){return null})}}}catch(x){}},0)}`
    : '';
  return (
    `(function(){${preload}var f=${JSON.stringify(files)},l=null;try{l=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.language)})}catch(e){}` +
    `var c=[l].concat(navigator.languages||[navigator.language]);l=${JSON.stringify(fallback)};` +
    `for(var i=0;i<c.length;i++){var b=String(c[i]||"").toLowerCase().split(/[-_]/)[0];if(f[b]){l=b;break}}` +
    `var h=document.documentElement;h.lang=l;h.dir=l==="ar"?"rtl":"ltr";` +
    // The installed app's name and icons in that language (the language switch changes it after).
    `var m=document.createElement("link");m.rel="manifest";m.href="/manifest-"+l+".webmanifest";document.head.appendChild(m);${firstScreen}p(f[l]);${shell}})()`
  );
}

interface Chunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type Output = Chunk | { type: 'asset' };

/** The chunks `from`, with every chunk they import, less those in `known`. */
function closure(chunks: Chunk[], from: Chunk[], known: ReadonlySet<string>): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found: string[] = [];
  const visit = (name: string) => {
    if (known.has(name) || found.includes(name)) return;
    found.push(name);
    for (const next of byName.get(name)?.imports ?? []) visit(next);
  };
  for (const chunk of from) visit(chunk.fileName);
  return found;
}

/** The chunk of each module matching one of `modules`. */
function chunksOf(chunks: Chunk[], modules: RegExp[]): Chunk[] {
  return modules.map((pattern) => {
    const chunk = chunks.find((c) => pattern.test(c.facadeModuleId ?? ''));
    if (!chunk) throw new Error(`no chunk for ${pattern} in the build`);
    return chunk;
  });
}

export function languagePreload(): Plugin {
  return {
    name: 'fieldops-language-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const outputs = Object.values(context.bundle ?? {}) as Output[];
        const chunks = outputs.filter((output): output is Chunk => output.type === 'chunk');
        const files: Record<string, string> = {};
        const texts: Record<string, string> = {};
        const boardTexts: Record<string, string> = {};
        for (const chunk of chunks) {
          const language = BUNDLE.exec(chunk.facadeModuleId ?? '')?.[1];
          if (language && (LANGUAGES as readonly string[]).includes(language)) files[language] = `/${chunk.fileName}`;
          const appLanguage = APP_BUNDLE.exec(chunk.facadeModuleId ?? '')?.[1];
          if (appLanguage && (LANGUAGES as readonly string[]).includes(appLanguage)) texts[appLanguage] = `/${chunk.fileName}`;
          const boardLanguage = BOARD_TEXTS.exec(chunk.facadeModuleId ?? '')?.[1];
          if (boardLanguage && (LANGUAGES as readonly string[]).includes(boardLanguage)) boardTexts[boardLanguage] = `/${chunk.fileName}`;
        }
        if ([files, texts, boardTexts].some((found) => Object.keys(found).length !== LANGUAGES.length)) {
          throw new Error(`language bundles not found in the build: ${[files, texts, boardTexts].map((found) => Object.keys(found).join(', ')).join(' / ')}`);
        }
        // What the page loads anyway: the entry and everything it imports.
        const entries = chunks.filter((chunk) => chunk.isEntry);
        const initial = new Set(closure(chunks, entries, new Set()));
        const shell = closure(chunks, chunksOf(chunks, SHELL), initial);
        const home = closure(chunks, chunksOf(chunks, HOME), new Set([...initial, ...shell]));
        const board = closure(chunks, chunksOf(chunks, BOARD), new Set([...initial, ...shell]));
        const paths = (names: string[]) => names.map((name) => `/${name}`);
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const styles = [...new Set([...shell, ...home, ...board].flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]))];
        return [
          // For a page the server draws: the stylesheets it links so that its first paint waits
          // for them, as a parsed link does in every browser (plugins/first-screen.ts).
          { tag: 'meta', attrs: { name: FIRST_SCREEN.styles, content: paths(styles).join(' ') }, injectTo: 'head' },
          {
            tag: 'script',
            children: languageScript(files, LANGUAGES[0], {
              shell: paths(shell),
              home: paths(home),
              board: paths(board),
              texts,
              boardTexts,
              styles: paths(styles),
              entry: paths([...initial]),
            }),
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
