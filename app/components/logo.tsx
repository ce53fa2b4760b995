export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className={className}>
      <circle cx="16" cy="11" r="6" fill="#fbbf24" />
      <g stroke="#fbbf24" strokeWidth="2" strokeLinecap="round">
        <path d="M16 1.5v2.5M6.5 11H4M28 11h-2.5M9.3 4.3l1.7 1.7M22.7 4.3 21 6" />
      </g>
      <path d="M4 30 8 18h16l4 12Z" fill="#14304d" />
      <path d="M10.7 18 9.3 30M21.3 18l1.4 12M6 24h20" stroke="#7aa7d6" strokeWidth="1.2" />
    </svg>
  );
}
