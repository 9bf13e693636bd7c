// The app icon: a rounded tile with an "F" path and a location dot (field work).
interface AppLogoProps {
  size?: number;
  title?: string;
}

export function AppLogo({ size = 40, title }: AppLogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
      <defs>
        <linearGradient id="app-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4263eb" />
          <stop offset="1" stopColor="#364fc7" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#app-logo-bg)" />
      <path d="M18 46V18h22" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M18 32h14" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
      <circle cx="44" cy="42" r="7" fill="#74c0fc" />
      <circle cx="44" cy="42" r="2.5" fill="#364fc7" />
    </svg>
  );
}
