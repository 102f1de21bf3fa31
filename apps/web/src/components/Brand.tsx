import { FaDroplet } from './shellIcons.ts';

/** The product mark: a water drop and the name. */
export function Brand({ size = 'md', light = false }: { size?: 'md' | 'lg'; light?: boolean }) {
  return (
    <span className={`brand brand-${size} ${light ? 'text-white' : 'text-primary-emphasis'}`}>
      <span className="brand-mark" aria-hidden="true">
        <FaDroplet />
      </span>
      <span className="brand-name">Penstock</span>
    </span>
  );
}
