// Which kind of profile a 404 names. The paths of each kind are in shared/contract/routes.ts.
import type { ProfileKind } from '../../shared/contract/common';

export const profileLabel = (kind: ProfileKind) => (kind === 'developer' ? 'That scammer profile' : 'That project');
