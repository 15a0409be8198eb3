// Apple Pay on the web, in the System tab: paste the domain association file Square gives (the site
// serves it at /.well-known/apple-developer-merchantid-domain-association), then register this site's
// hostname with Square; each registered hostname is listed with Square's answer.
import { useEffect, useId, useState, type FormEvent } from "react";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { Badge, failed, inputClass, primaryButton, secondaryButton } from "./shared";

interface ApplePayState {
  associationSet: boolean;
  domains: { domainName: string; status: string; registeredAt: string }[];
}

export function ApplePaySettings() {
  const fileId = useId();
  const [state, setState] = useState<ApplePayState | null>(null);
  const [file, setFile] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiRequest<ApplePayState>("/api/admin/apple-pay").then(setState, (error: unknown) => failed("Could not load Apple Pay settings", error));
  }, []);

  async function saveFile(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setState(await apiRequest<ApplePayState>("/api/admin/apple-pay", { method: "PUT", body: { domainAssociation: file } }));
      setFile("");
      toast({ title: "File Saved", description: "The site now serves Square's domain association file." });
    } catch (error) {
      failed("Could not save the file", error);
    } finally {
      setBusy(false);
    }
  }

  async function register() {
    setBusy(true);
    const domainName = location.hostname;
    try {
      const { domain } = await apiRequest<{ domain: ApplePayState["domains"][number] }>("/api/admin/apple-pay/domains", { method: "POST", body: { domainName } });
      setState((current) => current && { ...current, domains: [...current.domains.filter((entry) => entry.domainName !== domain.domainName), domain] });
      toast({ title: "Domain Registered", description: `${domain.domainName}: ${domain.status}.` });
    } catch (error) {
      failed("Could not register the domain", error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="apple-pay-heading" className="rounded-lg border border-stone-200 bg-white p-4">
      <h3 id="apple-pay-heading" className="text-lg font-semibold">Apple Pay</h3>
      <p className="text-sm text-stone-700">
        {state?.associationSet ? "The domain association file is in place." : "No domain association file yet: Apple Pay stays hidden on the checkout."} Download
        the current file from Square's Developer Console (Apple Pay, "Add domain") and paste it here; Square changes it now and then.
      </p>
      <form onSubmit={(event) => void saveFile(event)} className="mt-3">
        <label htmlFor={fileId} className="text-sm font-medium">Domain association file</label>
        <textarea id={fileId} className={`${inputClass} font-mono`} rows={3} value={file} onChange={(event) => setFile(event.target.value)} />
        <button type="submit" className={`${primaryButton} mt-2`} disabled={busy || file.trim() === ""}>Save file</button>
      </form>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButton} disabled={busy || !state?.associationSet} onClick={() => void register()}>
          Register this site's domain with Square
        </button>
      </div>
      {state && state.domains.length > 0 && (
        <ul className="mt-3 grid gap-1 text-sm">
          {state.domains.map((domain) => (
            <li key={domain.domainName}>
              {domain.domainName} <Badge tone={domain.status === "VERIFIED" ? "green" : "yellow"}>{domain.status}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
