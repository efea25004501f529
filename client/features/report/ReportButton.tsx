// 'Report Person' / 'Report Project' on the registry page (spec §2), opening the Report wizard.
import { useState } from 'react';
import type { ProfileKind } from '../../../shared/contract/common';
import { localDb, type RegistryDb } from '../../local';
import { ReportWizard } from './ReportWizard';

export interface ReportButtonProps {
  kind: ProfileKind;
  db?: RegistryDb;
}

export function ReportButton({ kind, db = localDb }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {kind === 'developer' ? 'Report Person' : 'Report Project'}
      </button>
      <ReportWizard kind={kind} open={open} onOpenChange={setOpen} db={db} />
    </>
  );
}
