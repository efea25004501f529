// product.md#screens-scam-detail ("Scam detail modal"): one incident of a profile, read from the replica.
import { statusBadgeLabel } from '../../../shared/domain/status';
import type { LocalIncident } from '../../local';
import { Modal } from '../../ui/Modal';
import { formatMoney, incidentDate, toScamDetail } from './profile-data';
import './profile.css';

export interface ScamDetailModalProps {
  /** the incident to show; the modal renders nothing useful without one */
  incident: LocalIncident | null;
  /** the name of the profile it belongs to (spec: "Scam Details - {name}") */
  profileName: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

const NOT_GIVEN = 'Not specified';

export function ScamDetailModal({ incident, profileName, open, onOpenChange }: ScamDetailModalProps) {
  const detail = incident ? toScamDetail(incident, profileName) : null;
  const loss = detail ? formatMoney(detail.amountLoss, detail.currency) : null;
  const occurred = incident ? incidentDate(incident) : '';
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={`Scam Details - ${profileName}`} size="lg"
      footer={<button type="button" className="button button--secondary" onClick={() => onOpenChange(false)}>Close</button>}>
      {detail ? (
        <div className="scam-detail">
          <dl className="profile-facts">
            <div className="profile-facts__row">
              <dt>Type</dt>
              <dd>{detail.type || NOT_GIVEN}</dd>
            </div>
            <div className="profile-facts__row">
              <dt>Industry</dt>
              <dd>{detail.industry || NOT_GIVEN}</dd>
            </div>
            <div className="profile-facts__row">
              <dt>Reported</dt>
              <dd>{detail.dateReported || NOT_GIVEN}</dd>
            </div>
            {occurred && occurred !== detail.dateReported ? (
              <div className="profile-facts__row">
                <dt>Occurred</dt>
                <dd>{occurred}</dd>
              </div>
            ) : null}
            <div className="profile-facts__row">
              <dt>Status</dt>
              <dd><span className={`status-badge status-badge--${detail.status.trim().toLowerCase() || 'pending'}`}>{statusBadgeLabel(detail.status)}</span></dd>
            </div>
          </dl>

          <section className="profile-section" aria-labelledby="scam-detail-impact">
            <h3 id="scam-detail-impact" className="profile-section__title">Financial Impact</h3>
            <p className="scam-detail__impact">
              <span className="scam-detail__impact-label">Total amount lost</span>{' '}
              <strong className="scam-detail__amount">{loss ?? 'Not reported'}</strong>
            </p>
          </section>

          <section className="profile-section" aria-labelledby="scam-detail-description">
            <h3 id="scam-detail-description" className="profile-section__title">Description</h3>
            {/* user text, rendered as text */}
            <p className="profile-text">{detail.description || 'No description given.'}</p>
          </section>

          <p className="profile-warning" role="note">
            <strong>For awareness only.</strong> This information was reported by members of the public and
            reviewed by staff. It is shared so that others can protect themselves; it is not a legal finding.
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
