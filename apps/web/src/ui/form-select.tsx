import { type FieldValues, useController } from 'react-hook-form';
import type { ControlledProps } from './form.tsx';
import { Select, type SelectProps } from './select.tsx';

// Its own file, apart from form.tsx: the select (a popover and a list box) is only loaded by the
// forms that offer a choice, not by every page with a form (the login page's chunk stays small).

/**
 * A choice of one of `values` bound to the form (a colour, a kind of bike), each shown by `labelOf`;
 * the form holds '' until one is chosen.
 */
export function FormSelect<T extends FieldValues, Output extends FieldValues = T>({
  control,
  name,
  values,
  labelOf,
  ...props
}: ControlledProps<T, Output> &
  Omit<SelectProps, 'options' | 'value' | 'onChange' | 'onBlur' | 'name' | 'error'> & {
    values: readonly string[];
    labelOf: (value: string) => string;
  }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      {...props}
      name={field.name}
      value={field.value ? String(field.value) : null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      options={values.map((value) => ({ value, label: labelOf(value) }))}
    />
  );
}
