import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PIN_PREVIEW_WIDTH, siteIdOfPath } from '@pinhive/contracts';
import { fetchProfile } from '../api/users';
import { useViewer } from '../auth/viewer';
import { Dialog } from '../components/Dialog';
import { scaledHeight } from '../pins/closeup';
import { CreatorCard } from './CreatorCard';
import { RelatedBoardSuggestion } from './RelatedBoardSuggestion';
import { pinHref, promoteHref, shareHref, showsPinPreview, showsPromote } from './success';
import { useRelatedBoard } from './useRelatedBoard';
import type { SaveResult } from './useSave';

/**
 * The saved-pin success dialog (section 2): 'Saved to {boardName}' or 'Saved to {sectionName} in
 * {boardName}', the creator card of the pin's site (its verified owner, when the viewer neither is
 * nor follows them), the pin's preview 236 wide (hidden once a related board is suggested), the
 * suggested board, 'Send', 'See it now' and, for an authenticated non-partner viewer whose
 * account is not recent, outside the advertiser console, 'Promote your Pin'.
 */
export function SuccessDialog({ result, onClose }: { result: SaveResult; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const viewer = useViewer();
  const { pathname } = useLocation();
  const user = viewer.status === 'authenticated' ? viewer.user : null;
  const profile = useQuery({
    queryKey: ['profile', user?.username ?? ''],
    queryFn: ({ signal }) => fetchProfile(user?.username ?? '', signal),
    enabled: user !== null && user.viewer_type !== 'PARTNER',
    retry: false,
  });
  const partner = user?.viewer_type === 'PARTNER';
  const promote = showsPromote(user ? { type: user.viewer_type, createdAt: profile.data?.created_at } : null, siteIdOfPath(pathname), Date.now());
  const { pin, board, section } = result;
  const related = useRelatedBoard(pin.id);
  const image = pin.images['236x'];
  const heading = section ? t('saving.savedToSection', { sectionName: section.title, boardName: board.name }) : t('saving.savedTo', { boardName: board.name });

  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} className="dialog--success">
      <div className="success-dialog">
        <h2 className="success-dialog__title" id={`${id}-title`}>
          {heading}
        </h2>
        <CreatorCard pinId={pin.id} />
        {showsPinPreview(related) ? (
          <img
            className="success-dialog__image"
            src={image.url}
            alt=""
            width={PIN_PREVIEW_WIDTH}
            height={scaledHeight(image, PIN_PREVIEW_WIDTH)}
            style={{ backgroundColor: pin.dominant_color }}
          />
        ) : null}
        <RelatedBoardSuggestion related={related} />
        <div className="success-dialog__actions">
          <Link to={shareHref(pin.id)} className="button button--secondary">
            {t('saving.send')}
          </Link>
          <Link to={pinHref(pin.id)} className={`button ${partner ? 'button--secondary' : 'button--primary'}`}>
            {t('saving.seeItNow')}
          </Link>
          {promote ? (
            <Link to={promoteHref(pin.id)} className="button button--secondary">
              {t('saving.promote')}
            </Link>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
