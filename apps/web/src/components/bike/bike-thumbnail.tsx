import { Icon } from '../../ui/icon.tsx';
import styles from './bike-thumbnail.module.css';

/** A bike's picture, or a drawn bike when it has none. Decorative: the name beside it says which bike. */
export function BikeThumbnail({ url, size = 'medium' }: { url: string | null; size?: 'medium' | 'large' }) {
  const className = `${styles.thumbnail} ${size === 'large' ? styles.thumbnailLarge : ''}`;
  if (!url) {
    return (
      <span className={`${className} ${styles.thumbnailEmpty}`}>
        <Icon name="bike" size={size === 'large' ? 56 : 32} />
      </span>
    );
  }
  return <img className={className} src={url} alt="" loading="lazy" decoding="async" />;
}
