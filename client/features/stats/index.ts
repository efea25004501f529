// /stats (issue 20): the registry in figures, from the replica.
export { StatsPage } from './StatsPage';
