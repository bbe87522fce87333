import { Avatar } from '../components/Avatar';
import type { AuthVisual } from './openingContext';

/** The pin's image or the creator's avatar at the top of the card (save, download, follow prompts). */
export function CardVisual({ visual }: { visual: AuthVisual }) {
  return (
    <div className="auth-card__visual">
      {visual.kind === 'avatar' ? (
        <Avatar name={visual.name} imageUrl={visual.imageUrl} size="medium" />
      ) : (
        <img
          className="auth-card__pin"
          src={visual.src}
          alt={visual.alt ?? ''}
          style={visual.dominantColor ? { backgroundColor: visual.dominantColor } : undefined}
        />
      )}
    </div>
  );
}
