import type { ProfileKind } from '../../shared/contract/common';

/** spec §7: scammers live under /api/developers, projects under /api/projects. */
export const PROFILE_PATHS: ReadonlyArray<readonly [string, ProfileKind]> = [
  ['/api/developers', 'developer'],
  ['/api/projects', 'project'],
];

export const profileLabel = (kind: ProfileKind) => (kind === 'developer' ? 'That scammer profile' : 'That project');
