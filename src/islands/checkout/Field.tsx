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
}

export default function Field({ label, value, onChange, type = "text", autoComplete, inputMode, placeholder, multiline, problem, maxLength }: FieldProps): ReactNode {
  const id = useId();
  const common = {
    id,
    value,
    placeholder,
    className: INPUT_CLASS,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": problem ? `${id}-problem` : undefined,
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
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
