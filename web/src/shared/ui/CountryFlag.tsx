/**
 * A small flag for the known countries (spec 002 §3: gb, fi, se, no, ee); others get a neutral
 * box with their code. Drawn inline, so no image requests and no emoji font needed (emoji flags
 * show as empty boxes in Chromium on Windows and Linux). Shared by the company countries tab and
 * the global Countries table.
 */
export function CountryFlag({ code, label }: { readonly code: string; readonly label?: string }) {
  const common = {
    width: 24,
    height: 16,
    viewBox: '0 0 24 16',
    role: label ? 'img' : undefined,
    'aria-label': label,
    'aria-hidden': label ? undefined : true,
    'data-flag': code.toLowerCase(),
    style: { display: 'block', borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.15)', flex: 'none' },
  } as const;
  switch (code.toLowerCase()) {
    case 'fi':
      return (
        <svg {...common}>
          <rect width="24" height="16" fill="#fff" />
          <rect x="6" width="4" height="16" fill="#003580" />
          <rect y="6" width="24" height="4" fill="#003580" />
        </svg>
      );
    case 'se':
      return (
        <svg {...common}>
          <rect width="24" height="16" fill="#006aa7" />
          <rect x="6" width="3" height="16" fill="#fecc00" />
          <rect y="6.5" width="24" height="3" fill="#fecc00" />
        </svg>
      );
    case 'no':
      return (
        <svg {...common}>
          <rect width="24" height="16" fill="#ba0c2f" />
          <rect x="5" width="6" height="16" fill="#fff" />
          <rect y="5" width="24" height="6" fill="#fff" />
          <rect x="6.5" width="3" height="16" fill="#00205b" />
          <rect y="6.5" width="24" height="3" fill="#00205b" />
        </svg>
      );
    case 'ee':
      return (
        <svg {...common}>
          <rect width="24" height="5.34" fill="#0072ce" />
          <rect y="5.33" width="24" height="5.34" fill="#000" />
          <rect y="10.66" width="24" height="5.34" fill="#fff" />
        </svg>
      );
    case 'gb':
      return (
        <svg {...common}>
          <rect width="24" height="16" fill="#012169" />
          <path d="M0 0L24 16M24 0L0 16" stroke="#fff" strokeWidth="3" />
          <path d="M0 0L24 16M24 0L0 16" stroke="#c8102e" strokeWidth="1" />
          <rect x="10" width="4" height="16" fill="#fff" />
          <rect y="6" width="24" height="4" fill="#fff" />
          <rect x="10.75" width="2.5" height="16" fill="#c8102e" />
          <rect y="6.75" width="24" height="2.5" fill="#c8102e" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <rect width="24" height="16" fill="#f0f0f0" />
          <text x="12" y="11.5" fontSize="8" textAnchor="middle" fill="#595959">
            {code.toUpperCase()}
          </text>
        </svg>
      );
  }
}
