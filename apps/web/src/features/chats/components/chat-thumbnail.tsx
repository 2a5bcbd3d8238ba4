import { Icon } from '../../../ui/icon.tsx';
import styles from '../chats.module.css';

/** A bike's picture, or a drawn bike. Decorative: the bike's name beside it says which bike. */
export function ChatThumbnail({ url, size = 'medium' }: { url: string | null; size?: 'small' | 'medium' }) {
  const className = [styles.thumbnail, size === 'small' && styles.thumbnailSmall].filter(Boolean).join(' ');
  if (!url) {
    return (
      <span className={`${className} ${styles.thumbnailEmpty}`}>
        <Icon name="bike" size={size === 'small' ? 24 : 28} />
      </span>
    );
  }
  return <img className={className} src={url} alt="" loading="lazy" decoding="async" />;
}
