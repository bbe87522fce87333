import { initialsOf } from '../auth/accounts';

interface AvatarProps {
  name: string;
  imageUrl: string | null;
  size?: 'small' | 'medium' | 'large';
}

/** The person's picture, or their initials in a circle. Decorative: the name is nearby. */
export function Avatar({ name, imageUrl, size = 'large' }: AvatarProps) {
  const className = `avatar avatar--${size}`;
  if (imageUrl) return <img className={className} src={imageUrl} alt="" />;
  return (
    <span className={`${className} avatar--initial`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
