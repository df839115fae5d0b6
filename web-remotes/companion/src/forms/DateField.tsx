import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { fieldMessage } from './fieldText';
import {
  Controller,
  get,
  set,
  type Control,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';

/**
 * Names of the date fields whose text is not a real day (02/30/2030). The browser then reports the
 * value as '' (and fires no change), which the schemas would call missing; withBadDates hands them to
 * the schema as text that is not a date, so it answers with its own "must be a valid date".
 */
export type BadDates = Set<string>;

const NOT_A_DATE = 'not a date';

export function withBadDates<T extends FieldValues>(values: T, badDates: BadDates): T {
  if (badDates.size === 0) return values;
  const copy = structuredClone(values);
  for (const name of badDates) if (!get(copy, name)) set(copy, name, NOT_A_DATE);
  return copy;
}

/**
 * zodResolver over a schema made afresh for each check (its first allowed date is today, which moves),
 * with the bad dates handed over as such. The form's values may be looser than the schema's input (''
 * for a choice not made yet), which is what the schema is there to answer.
 */
export function resolverWithDates<TValues extends FieldValues, TOutput extends FieldValues>(
  schema: () => Parameters<typeof zodResolver>[0],
  badDates: BadDates,
): Resolver<TValues, unknown, TOutput> {
  return (values, context, options) =>
    (zodResolver(schema()) as unknown as Resolver<TValues, unknown, TOutput>)(
      withBadDates(values, badDates),
      context,
      options,
    );
}

interface DateFieldProps<T extends FieldValues, O extends FieldValues> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  badDates: BadDates;
  required?: boolean;
  min?: string;
  /** After the value changed (e.g. to move a later date along). */
  onValue?: (value: string) => void;
}

/** A date input bound to a form field, its error under it. */
export function DateField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
  badDates,
  required,
  min,
  onValue,
}: DateFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="date"
          required={required}
          value={field.value ?? ''}
          inputRef={field.ref}
          name={field.name}
          onChange={(event) => {
            badDates.delete(name);
            field.onChange(event.target.value);
            onValue?.(event.target.value);
          }}
          onBlur={(event) => {
            if ((event.target as HTMLInputElement).validity.badInput) badDates.add(name);
            else badDates.delete(name);
            field.onBlur();
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldMessage(fieldState.error?.message)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min } }}
        />
      )}
    />
  );
}
