// 'Report Person' / 'Report Project' on the registry page (product.md#screens), opening the Report wizard.
// The app may also open it to report an identifier a search found nowhere ("Report it", issue 16):
// each new `prefill` opens the wizard with it filled in (prefill.ts).
import { lazy, Suspense, useState } from 'react';
import type { ProfileKind } from '../../../shared/contract/common';
import { localDb, type RegistryDb } from '../../local';
import type { ReportPrefill } from './prefill';

// loaded on first use, so the registry's first screen does not wait for the wizard (issue 6)
const ReportWizard = lazy(() => import('./ReportWizard').then((m) => ({ default: m.ReportWizard })));

export interface ReportButtonProps {
  kind: ProfileKind;
  db?: RegistryDb;
  /** an identifier to report: the wizard opens with it when a new one (another id) is given */
  prefill?: ReportPrefill;
}

export function ReportButton({ kind, db = localDb, prefill }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // mounted from its first opening on, so closing it keeps its state as before
  const [used, setUsed] = useState(false);
  const [seen, setSeen] = useState<number | null>(null);
  if (prefill && prefill.id !== seen) {
    setSeen(prefill.id);
    setUsed(true);
    setOpen(true);
  }
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {kind === 'developer' ? 'Report Person' : 'Report Project'}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ReportWizard kind={kind} open={open} onOpenChange={setOpen} db={db} prefill={prefill} />
        </Suspense>
      ) : null}
    </>
  );
}
