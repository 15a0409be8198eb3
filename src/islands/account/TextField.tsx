// One labelled field of the account page's forms, its problem (from the server) read out beside it.
import { useId } from "react";
import { INPUT_CLASS } from "../../lib/formStyles";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "tel" | "email";
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  maxLength?: number;
  required?: boolean;
  problem?: string;
  multiline?: boolean;
}

export default function TextField({ label, value, onChange, type = "text", autoComplete, inputMode, maxLength, required, problem, multiline }: Props) {
  const id = useId();
  const common = {
    id,
    value,
    className: INPUT_CLASS,
    maxLength,
    required,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": problem ? `${id}-problem` : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {problem ? (
        <p id={`${id}-problem`} className="mt-1 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
