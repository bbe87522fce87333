interface SpinnerProps {
  size?: 'small' | 'large';
  /** Spoken label; without it the spinner is decorative (the surrounding text says what is going on). */
  label?: string;
}

export function Spinner({ size = 'small', label }: SpinnerProps) {
  return (
    <span
      className={`spinner spinner--${size}`}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
