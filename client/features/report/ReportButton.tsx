// 'Report Person' / 'Report Project' on the registry page (product.md#screens), opening the Report wizard.
import { lazy, Suspense, useState } from 'react';
import type { ProfileKind } from '../../../shared/contract/common';
import { localDb, type RegistryDb } from '../../local';

// loaded on first use, so the registry's first screen does not wait for the wizard (issue 6)
const ReportWizard = lazy(() => import('./ReportWizard').then((m) => ({ default: m.ReportWizard })));

export interface ReportButtonProps {
  kind: ProfileKind;
  db?: RegistryDb;
}

export function ReportButton({ kind, db = localDb }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // mounted from its first opening on, so closing it keeps its state as before
  const [used, setUsed] = useState(false);
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
          <ReportWizard kind={kind} open={open} onOpenChange={setOpen} db={db} />
        </Suspense>
      ) : null}
    </>
  );
}
