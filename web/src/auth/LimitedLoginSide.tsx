import { Avatar } from '../components/Avatar';
import { HivePattern } from '../components/HivePattern';
import type { AuthVisual } from './openingContext';

/**
 * The side image of the login-required prompt: the pin's image when there is one, else our
 * honeycomb, with the creator's avatar on it for a follow. Decorative: the title says what the
 * prompt is about, and the page under it shows whose profile it is.
 */
export function LimitedLoginSide({ visual }: { visual?: AuthVisual }) {
  return (
    <div className="limited-login__side" aria-hidden="true">
      {visual?.kind === 'image' ? (
        <img
          className="limited-login__image"
          src={visual.src}
          alt=""
          style={visual.dominantColor ? { backgroundColor: visual.dominantColor } : undefined}
        />
      ) : (
        <HivePattern className="limited-login__pattern" />
      )}
      {visual?.kind === 'avatar' ? (
        <span className="limited-login__avatar">
          <Avatar name={visual.name} imageUrl={visual.imageUrl} size="large" />
        </span>
      ) : null}
    </div>
  );
}
