import type { MouseEvent, ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import styles from './button.module.css';
import { Link, type LinkProps } from './link.tsx';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';

interface Look {
  variant?: ButtonVariant;
  size?: 'medium' | 'small';
  fullWidth?: boolean;
}

export function buttonClassName({ variant = 'primary', size = 'medium', fullWidth = false }: Look): string {
  return [styles.button, styles[variant], size === 'small' && styles.small, fullWidth && styles.fullWidth]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'>, Look {
  children: ReactNode;
  className?: string;
}

/**
 * A button. While `isPending` it shows a spinner, keeps its size and focus, ignores presses and
 * tells screen readers that the action is under way (its own polite "working" text).
 *
 * react-aria's own pending state is not used: it announces the button by `aria-labelledby` from a
 * live region that outlives the button by seconds, so after a save that leaves the page the region
 * points at nothing (axe: role-img-alt). Pending is therefore done here: aria-disabled, no press
 * handlers, and a submit button that does not submit again.
 */
export function Button({ children, variant, size, fullWidth, className, isPending, ...props }: ButtonProps) {
  const { t } = useTranslation();
  const pressProps = isPending
    ? {
        onPress: undefined,
        onPressStart: undefined,
        onPressEnd: undefined,
        onPressChange: undefined,
        onPressUp: undefined,
        onClick: undefined,
        type: props.type === 'submit' ? ('button' as const) : props.type,
        'aria-disabled': true,
      }
    : {};
  return (
    <AriaButton
      {...props}
      {...pressProps}
      className={[buttonClassName({ variant, size, fullWidth }), isPending ? styles.pending : null, className]
        .filter(Boolean)
        .join(' ')}
    >
      {isPending ? (
        <>
          <Spinner />
          <span>{children}</span>
          <span className="visually-hidden" aria-live="polite">
            {t('shell.working')}
          </span>
        </>
      ) : (
        children
      )}
    </AriaButton>
  );
}

export interface LinkButtonProps
  extends Omit<LinkProps, 'className' | 'children' | 'external' | 'inheritColor' | 'unstyled'>,
    Look {
  children: ReactNode;
  className?: string;
  /** Shown, but leads nowhere (said to assistive technology). */
  isDisabled?: boolean;
}

/**
 * A link that looks like a button: use it when the action is going somewhere. A link of the router
 * (ui/link.tsx), as text links are; hover, press and focus are plain CSS (button.module.css).
 */
export function LinkButton({
  children,
  variant,
  size,
  fullWidth,
  className,
  isDisabled = false,
  ...props
}: LinkButtonProps) {
  const classes = [buttonClassName({ variant, size, fullWidth }), className].filter(Boolean).join(' ');
  // Disabled: still a link a person can find (aria-disabled), which goes nowhere while it is.
  const disabled = isDisabled
    ? {
        'aria-disabled': true,
        'data-disabled': '',
        onClick: (event: MouseEvent<HTMLAnchorElement>) => event.preventDefault(),
      }
    : {};
  return (
    <Link {...props} {...disabled} unstyled className={classes}>
      {children}
    </Link>
  );
}
