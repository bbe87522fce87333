interface AvatarProps {
  name: string;
  imageUrl: string | null;
  size?: 'small' | 'medium' | 'large';
}

/** The person's picture, or the first letter of their name in a circle. Decorative: the name is nearby. */
export function Avatar({ name, imageUrl, size = 'large' }: AvatarProps) {
  const className = `avatar avatar--${size}`;
  if (imageUrl) return <img className={className} src={imageUrl} alt="" />;
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className={`${className} avatar--initial`} aria-hidden="true">
      {initial}
    </span>
  );
}
