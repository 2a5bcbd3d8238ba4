import type { ReactNode, Ref } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import styles from './field.module.css';
import { useFieldErrorText } from './field-error.ts';

export interface CheckboxProps
  extends Omit<AriaCheckboxProps, 'className' | 'children' | 'isInvalid' | 'validationBehavior'> {
  children: ReactNode;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function Checkbox({ children, error, inputRef, ...props }: CheckboxProps) {
  const errorText = useFieldErrorText(error);
  const errorId = props.id ? `${props.id}-error` : undefined;
  return (
    <div className={styles.field}>
      <AriaCheckbox
        {...props}
        inputRef={inputRef as Ref<HTMLInputElement> | undefined}
        validationBehavior="aria"
        isInvalid={Boolean(errorText)}
        aria-describedby={errorText && errorId ? errorId : undefined}
        className={styles.choice}
      >
        {({ isSelected, isIndeterminate }) => (
          <>
            <span className={styles.box} aria-hidden="true">
              {isSelected ? (
                <svg viewBox="0 0 16 16" width="14" height="14" focusable="false" aria-hidden="true">
                  <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
                </svg>
              ) : isIndeterminate ? (
                <svg viewBox="0 0 16 16" width="14" height="14" focusable="false" aria-hidden="true">
                  <path d="M3 8h10" stroke="currentColor" strokeWidth="2.4" />
                </svg>
              ) : null}
            </span>
            <span>{children}</span>
          </>
        )}
      </AriaCheckbox>
      {errorText ? (
        <span id={errorId} className={styles.error}>
          {errorText}
        </span>
      ) : null}
    </div>
  );
}
