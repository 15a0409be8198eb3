// One labelled field of the checkout's form (a line or a box of text), with its problem read out beside it.
import { useId, type ReactNode } from "react";
import { INPUT_CLASS } from "../../lib/formStyles";

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "text";
  placeholder?: string;
  multiline?: boolean;
  problem?: string;
  /** The most characters it takes (the label says so, before the limit bites). */
  maxLength?: number;
  /** A standing hint under the field (its limit), read with it. */
  hint?: string;
  /** Which checkout field it is: where focus goes when it holds the first problem. */
  field?: string;
}

export default function Field({ label, value, onChange, type = "text", autoComplete, inputMode, placeholder, multiline, problem, maxLength, hint, field }: FieldProps): ReactNode {
  const id = useId();
  const common = {
    id,
    value,
    placeholder,
    className: INPUT_CLASS,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""].filter(Boolean).join(" ") || undefined,
    "data-checkout-field": field,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} maxLength={500} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} maxLength={maxLength} autoComplete={autoComplete} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
