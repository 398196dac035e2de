import type { ReactNode } from 'react';
import { formatTimeAgo, formatTimestamp } from '../../../core/time/formatting.ts';
import type { GeoSiteStatus, Instant } from '../../data/index.ts';
import { GeoProgressBar } from './GeoProgressBar.tsx';
import { eventIdText, lagText } from './geoFormat.ts';
import { GEO_TEXT } from './geoTexts.ts';

/** A moment as a relative time ('3 minutes ago'), the exact time in its title. */
function When({ at, now }: { at: Instant; now: Date }) {
  return (
    <time dateTime={at} title={formatTimestamp(at)}>
      {formatTimeAgo(at, now)}
    </time>
  );
}

/** An event's id, and when it happened when known: '40 (3 minutes ago)'. */
function EventText({ id, at, now }: { id: number | null; at: Instant | null; now: Date }) {
  // One span: the details lay out their parts with gaps, which the brackets must not get.
  return (
    <span>
      {eventIdText(id)}
      {id !== null && at ? (
        <>
          {' ('}
          <When at={at} now={now} />
          {')'}
        </>
      ) : null}
    </span>
  );
}

/** One term of a site's details. */
function Detail({ term, children, testId }: { term: string; children: ReactNode; testId: string }) {
  return (
    <div className="geo-detail">
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function LastReport({ status, now }: { status: GeoSiteStatus; now: Date }) {
  return (
    <Detail term={GEO_TEXT.lastStatusReport} testId="geo-last-report">
      {status.updatedAt ? <When at={status.updatedAt} now={now} /> : GEO_TEXT.never}
    </Detail>
  );
}

/**
 * A secondary's replication: its uploads synced and verified, how far it has processed the
 * primary's events, its database's lag and its last report.
 */
export function SecondaryStatusDetails({
  status,
  primaryStatus,
  now,
}: {
  status: GeoSiteStatus;
  /** The primary's status, for its newest event; null when unknown. */
  primaryStatus: GeoSiteStatus | null;
  now: Date;
}) {
  const nothing = { total: 0, succeeded: 0, failed: 0, percentText: null };
  return (
    <>
      <div className="geo-section">
        <h3 className="geo-section-title">{GEO_TEXT.replication}</h3>
        <GeoProgressBar
          name={`${GEO_TEXT.replication}: ${GEO_TEXT.uploads}`}
          label={GEO_TEXT.uploads}
          counts={status.uploadsSync ?? nothing}
          words={{ succeeded: GEO_TEXT.synced, failed: GEO_TEXT.failed }}
          emptyText={GEO_TEXT.nothing}
          testId="geo-replication-uploads"
        />
      </div>
      <div className="geo-section">
        <h3 className="geo-section-title">{GEO_TEXT.verification}</h3>
        <GeoProgressBar
          name={`${GEO_TEXT.verification}: ${GEO_TEXT.uploads}`}
          label={GEO_TEXT.uploads}
          counts={status.uploadsVerification ?? nothing}
          words={{ succeeded: GEO_TEXT.verified, failed: GEO_TEXT.verificationFailed }}
          emptyText={GEO_TEXT.nothingToVerify}
          testId="geo-verification-uploads"
        />
      </div>
      <dl className="geo-details">
        <Detail term={GEO_TEXT.lastEventFromPrimary} testId="geo-primary-event">
          <EventText
            id={primaryStatus?.lastEventId ?? null}
            at={primaryStatus?.lastEventAt ?? null}
            now={now}
          />
        </Detail>
        <Detail term={GEO_TEXT.lastEventProcessed} testId="geo-cursor-event">
          <EventText id={status.cursorLastEventId} at={status.cursorLastEventAt} now={now} />
        </Detail>
        <Detail term={GEO_TEXT.dbLag} testId="geo-db-lag">
          <span title={status.dbReplicationAvailable ? undefined : GEO_TEXT.unavailableHelp}>
            {lagText(status.dbReplicationLagSeconds, status.dbReplicationAvailable)}
          </span>
        </Detail>
        <LastReport status={status} now={now} />
      </dl>
    </>
  );
}

/** The primary's uploads, their checksums, its newest event and its last report. */
export function PrimaryStatusDetails({ status, now }: { status: GeoSiteStatus; now: Date }) {
  return (
    <>
      {status.uploadsChecksums ? (
        <div className="geo-section">
          <h3 className="geo-section-title">{GEO_TEXT.verification}</h3>
          <GeoProgressBar
            name={`${GEO_TEXT.verification}: ${GEO_TEXT.uploads}`}
            label={GEO_TEXT.uploads}
            counts={status.uploadsChecksums}
            words={{ succeeded: GEO_TEXT.checksummed, failed: GEO_TEXT.checksumFailed }}
            emptyText={GEO_TEXT.nothingToVerify}
            testId="geo-checksum-uploads"
          />
        </div>
      ) : null}
      <dl className="geo-details">
        <Detail term={GEO_TEXT.uploadsCount} testId="geo-uploads-count">
          {status.uploadsCount ?? GEO_TEXT.unknown}
        </Detail>
        <Detail term={GEO_TEXT.lastEvent} testId="geo-primary-event">
          <EventText id={status.lastEventId} at={status.lastEventAt} now={now} />
        </Detail>
        <LastReport status={status} now={now} />
      </dl>
    </>
  );
}
