/** The product mark: a mortarboard over an open book, in the brand blue. */
export function Logo({ size = 64 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label="未来校园" className="cw-logo">
      <defs>
        <linearGradient id="cw-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4e8cff" />
          <stop offset="1" stopColor="#1554e0" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#cw-logo-bg)" />
      <path d="M32 14 10 24l22 10 22-10z" fill="#fff" />
      <path d="M18 29v9c0 3.5 6.3 7 14 7s14-3.5 14-7v-9l-14 6.3z" fill="#fff" opacity=".85" />
      <path d="M50 25v12" stroke="#ffd666" strokeWidth="2.4" strokeLinecap="round" />
      <circle cx="50" cy="39" r="2.6" fill="#ffd666" />
    </svg>
  );
}
