// A new password as the set-up page and the Sessions tab ask for it: the password twice, and the rules
// the server checks too (src/server/staff/passwords.ts), said before anything is sent.
import { inputClass } from "./shared";

/** Characters at the least, as the server counts them (code points). */
export const NEW_PASSWORD_MIN_LENGTH = 12;

/** What is wrong with the new password and its repetition, or "" when nothing is. */
export function newPasswordProblem(password: string, repeat: string): string {
  if ([...password].length < NEW_PASSWORD_MIN_LENGTH) return `Use at least ${NEW_PASSWORD_MIN_LENGTH} characters.`;
  if (password !== repeat) return "The two passwords are not the same.";
  return "";
}

interface NewPasswordFieldsProps {
  /** The form's own id (useId), to which the fields' ids are added. */
  id: string;
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  repeatLabel: string;
}

export function NewPasswordFields({ id, password, repeat, onPassword, onRepeat, repeatLabel }: NewPasswordFieldsProps) {
  return (
    <>
      <div>
        <label htmlFor={`${id}-new`} className="text-sm font-medium">New password</label>
        <input id={`${id}-new`} type="password" autoComplete="new-password" required className={inputClass} value={password} onChange={(e) => onPassword(e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${id}-repeat`} className="text-sm font-medium">{repeatLabel}</label>
        <input id={`${id}-repeat`} type="password" autoComplete="new-password" required className={inputClass} value={repeat} onChange={(e) => onRepeat(e.target.value)} />
      </div>
    </>
  );
}
