import styles from './content.module.css';

/* A fixed 5×5 pattern standing in for a QR code; decorative, so it need not decode. */
const QR_CELLS = [
  [0, 0],
  [1, 0],
  [2, 0],
  [4, 0],
  [0, 1],
  [2, 1],
  [3, 1],
  [0, 2],
  [1, 2],
  [2, 2],
  [4, 2],
  [3, 3],
  [4, 3],
  [0, 4],
  [2, 4],
  [4, 4],
] as const;

/** A bike with its QR sticker on the frame: the register's idea in one picture. Decorative. */
export function HeroIllustration() {
  return (
    <svg className={styles.heroIllustration} viewBox="0 0 480 320" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="12" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="112" cy="220" r="78" />
        <circle cx="368" cy="220" r="78" />
        <path d="M112 220 L214 220 L170 104 Z M170 104 L318 112 L214 220 M318 112 L368 220" />
        <path d="M146 86 H204 M300 84 H344 L318 112" />
      </g>
      <g transform="translate(168 128) rotate(-21)">
        <rect width="52" height="52" rx="6" fill="var(--color-on-brand)" />
        <g fill="var(--color-brand)">
          {QR_CELLS.map(([x, y]) => (
            <rect key={`${x}-${y}`} x={6 + x * 8} y={6 + y * 8} width="8" height="8" />
          ))}
        </g>
      </g>
    </svg>
  );
}
