import type { ReactNode } from 'react';
import {
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  FieldError,
  Label,
  Radio,
  Text,
} from 'react-aria-components';
import styles from './field.module.css';
import { useFieldErrorText } from './field-error.ts';

export interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
}

export interface RadioGroupProps
  extends Omit<AriaRadioGroupProps, 'className' | 'children' | 'isInvalid' | 'validationBehavior'> {
  label: string;
  description?: string;
  options: readonly RadioOption[];
  error?: string | null;
}

export function RadioGroup({ label, description, options, error, ...props }: RadioGroupProps) {
  const errorText = useFieldErrorText(error);
  return (
    <AriaRadioGroup
      {...props}
      validationBehavior="aria"
      isInvalid={Boolean(errorText)}
      className={styles.field}
    >
      <Label className={styles.label}>{label}</Label>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      {/* The options get their own box: the label, description and error stay stacked while the
          options themselves follow the group's orientation. */}
      <div className={styles.choices}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className={styles.choice}>
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.choiceText}>
              {option.label}
              {option.description ? <span className={styles.description}>{option.description}</span> : null}
            </span>
          </Radio>
        ))}
      </div>
      <FieldError className={styles.error}>{errorText}</FieldError>
    </AriaRadioGroup>
  );
}
