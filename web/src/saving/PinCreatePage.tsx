import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MOBILE_CREATED_TOAST_MS, ownPinId, POPUP_CLOSE_AFTER_SAVE_MS, POPUP_MIN_HEIGHT, POPUP_WIDTH, type PickerBoard, type Section } from '@pinhive/contracts';
import { AuthCard } from '../auth/AuthCard';
import { useViewer } from '../auth/viewer';
import { useBoardPicker } from '../boards/queries';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { linkHost } from '../pins/closeup';
import { warmPinImage } from '../pins/api';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { BoardPickerList } from './BoardPickerList';
import { draftFromQuery, isMobileWeb, mobileDraftFromQuery, offsiteBuilderSearch, popupSize, type PinDraft } from './draft';
import { BackIcon } from './icons';
import { ImageChooser } from './ImageChooser';
import { SaveFlow } from './SaveFlow';
import { useAlreadySaved } from './useAlreadySaved';
import { SectionPickerList } from './SectionPickerList';
import { pinHref } from './success';
import { saveErrorText } from './saveErrors';
import { useSave, type SaveResult } from './useSave';

/** 'Saved to {boardName}', or 'Saved to {sectionName} in {boardName}' for a save into a section (section 8). */
function savedMessage(t: TFunction, { board, section }: Pick<SaveResult, 'board' | 'section'>): string {
  return section ? t('saving.savedToSection', { sectionName: section.title, boardName: board.name }) : t('saving.savedTo', { boardName: board.name });
}

/** Whether this window was opened by another one (the bookmarklet's popup). */
const openedAsPopup = (): boolean => typeof window !== 'undefined' && window.opener !== null && window.opener !== undefined;

/**
 * `pin/create/:method`: save a page's image (section 2). Desktop signed in: the popup (image and
 * description left, the picker right, then a success screen). Desktop logged out: the offsite
 * builder (a draft card beside the log-in panel). Mobile: a page of its own.
 */
export function PinCreatePage() {
  const { method } = useParams();
  const { search } = useLocation();
  const { t } = useTranslation();
  const viewer = useViewer();
  const mobile = isMobileWeb(window.innerWidth, navigator.userAgent);
  const initial = mobile ? mobileDraftFromQuery(method, search) : draftFromQuery(method, search);
  const [image, setImage] = useState(initial.image);
  const draft: PinDraft = { ...initial, image };
  useDocumentTitle(t('titles.save'));

  // The image is warmed up as the page opens (fire-and-forget).
  useEffect(() => {
    if (image) warmPinImage(image);
  }, [image]);

  if (viewer.status === 'loading') {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('bookmarklet.loading')} />
      </div>
    );
  }
  if (viewer.status === 'anonymous') return mobile ? <Navigate to="/" replace /> : <OffsiteBuilder draft={draft} />;
  const own = draft.url ? ownPinId(draft.url, window.location.origin) : undefined;
  if (own) return <Navigate to={`/pin/${own}/repin/x/`} replace />;
  if (!draft.image) {
    return (
      <div className="page page--create">
        <ImageChooser url={draft.url} onChoose={setImage} />
      </div>
    );
  }
  return mobile ? <MobileCreate draft={draft} /> : <DesktopPopup draft={draft} />;
}

/** Resizes a popup window to its content (section 9: 750 wide, content + 48 high, at least 750). */
function usePopupResize(ref: RefObject<HTMLElement | null>, minimumOnly = false) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !openedAsPopup()) return;
    const resize = () => {
      const size = minimumOnly ? { width: POPUP_WIDTH, height: POPUP_MIN_HEIGHT } : popupSize(element.scrollHeight);
      try {
        window.resizeTo(size.width, size.height);
      } catch {
        // Browsers may refuse; the page still works at any size.
      }
    };
    resize();
    if (minimumOnly) return;
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, minimumOnly]);
}

function DraftImage({ draft }: { draft: PinDraft }) {
  return <img className="create-draft__image" src={draft.image} alt="" style={{ backgroundColor: draft.color || undefined }} />;
}

function DesktopPopup({ draft: initial }: { draft: PinDraft }) {
  const { t } = useTranslation();
  const { method } = useParams();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const [description, setDescription] = useState(initial.description);
  const [saved, setSaved] = useState<SaveResult | null>(null);
  const draft = { ...initial, description };
  const doneTitle = useRef<HTMLHeadingElement>(null);
  usePopupResize(root);

  // The success screen replaces the picker that had the focus: it goes to the screen's title.
  useEffect(() => {
    if (saved) doneTitle.current?.focus();
  }, [saved]);

  // Opened by the bookmarklet: the window closes 10 s after the save.
  useEffect(() => {
    if (!saved || method !== 'bookmarklet' || !openedAsPopup()) return;
    const timer = window.setTimeout(() => window.close(), POPUP_CLOSE_AFTER_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [saved, method]);

  if (saved) {
    return (
      <div className="page page--create" ref={root}>
        <section className="create-success" aria-labelledby={`${id}-done`}>
          <img className="create-success__image" src={saved.pin.images['236x'].url || draft.image} alt="" style={{ backgroundColor: saved.pin.dominant_color }} />
          <div className="create-success__text">
            {/* The live region wraps the heading: role="status" on the h1 itself would take its heading role away. */}
            <div role="status">
              <h1 id={`${id}-done`} className="create-success__title" tabIndex={-1} ref={doneTitle}>
                {savedMessage(t, saved)}
              </h1>
            </div>
            <dl className="create-success__facts">
              <dt>{t('saving.success.board')}</dt>
              <dd>{saved.board.name}</dd>
              {saved.pin.description ? (
                <>
                  <dt>{t('saving.success.description')}</dt>
                  <dd>{saved.pin.description}</dd>
                </>
              ) : null}
              {saved.pin.link ? (
                <>
                  <dt>{t('saving.success.link')}</dt>
                  <dd>
                    <a className="text-link" href={saved.pin.link} target="_blank" rel="noopener noreferrer">
                      {linkHost(saved.pin.link) ?? saved.pin.link}
                    </a>
                  </dd>
                </>
              ) : null}
              <dt>{t('saving.success.pinId')}</dt>
              <dd>
                <a className="text-link" href={pinHref(saved.pin.id)} target={openedAsPopup() ? '_blank' : undefined} rel="noopener">
                  {saved.pin.id}
                </a>
              </dd>
            </dl>
            {method === 'bookmarklet' && openedAsPopup() ? <p className="create-success__note">{t('saving.success.closing')}</p> : null}
            {openedAsPopup() ? (
              <button type="button" className="button button--secondary" onClick={() => window.close()}>
                {t('saving.success.close')}
              </button>
            ) : null}
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="page page--create" ref={root}>
      <div className="create-popup">
        <div className="create-popup__draft">
          <DraftImage draft={draft} />
          <label className="field__label" htmlFor={`${id}-description`}>
            {t('saving.description')}
          </label>
          <textarea
            id={`${id}-description`}
            className="field__input create-popup__description"
            value={description}
            maxLength={500}
            rows={4}
            placeholder={t('saving.descriptionPlaceholder')}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="create-popup__picker">
          <SaveFlow target={{ kind: 'create', draft }} titleId={`${id}-title`} onSaved={setSaved} onClose={() => openedAsPopup() && window.close()} />
        </div>
      </div>
    </div>
  );
}

/** Logged out on a desktop: the draft beside the log-in panel, whose next-url comes back here with `from_login=1`. */
function OffsiteBuilder({ draft }: { draft: PinDraft }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { method } = useParams();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  usePopupResize(root, method === 'bookmarklet');
  if (!new URLSearchParams(search).has('next')) return <Navigate to={`${pathname}${offsiteBuilderSearch(pathname, search)}`} replace />;
  const host = linkHost(draft.url);
  return (
    <div className="page page--create" ref={root}>
      <div className="offsite">
        <figure className="offsite__draft" aria-label={t('saving.offsite.draftLabel')}>
          {draft.image ? <DraftImage draft={draft} /> : <span className="create-draft__image create-draft__image--empty" />}
          <figcaption>
            {draft.description ? <p className="offsite__description">{draft.description}</p> : null}
            {host ? <p className="offsite__host">{t('saving.offsite.from', { host })}</p> : null}
          </figcaption>
        </figure>
        <div className="offsite__login">
          <AuthCard view="login" variant="page" titleId={`${id}-auth`} opening={{ context: 'bookmarklet' }} />
        </div>
      </div>
    </div>
  );
}

/** React Router's history index: above 0 there is a page of ours to go back to. */
const canGoBack = (): boolean => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** Mobile web, signed in: choose board (or section), a fixed footer to create one, then back with a 5 s toast. */
function MobileCreate({ draft }: { draft: PinDraft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [board, setBoard] = useState<PickerBoard | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const shownBoard = useRef(board);
  const picker = useBoardPicker(true);

  // Choosing a board (or going back) replaces the list that had the focus: it goes to the new title.
  useEffect(() => {
    if (shownBoard.current === board) return;
    shownBoard.current = board;
    title.current?.focus();
  }, [board]);

  const save = useSave({ kind: 'create', draft });
  useAlreadySaved({ kind: 'create', draft });

  const leave = () => void (canGoBack() ? navigate(-1) : navigate('/', { replace: true }));
  const saveTo = (target: PickerBoard, section: Section | null) => {
    if (save.isPending) return;
    save.mutate(
      { board: target, section },
      {
        onSuccess: (result) => {
          toast.show({
            message: savedMessage(t, result),
            durationMs: MOBILE_CREATED_TOAST_MS,
            action: { label: t('saving.view'), to: pinHref(result.pin.id) },
          });
          if (canGoBack()) void navigate(-1);
          else void navigate(pinHref(result.pin.id), { replace: true });
        },
        onError: (error) => toast.show({ message: saveErrorText(error, t, t('saving.mobileFailed')), durationMs: ERROR_TOAST_MS, tone: 'error' }),
      },
    );
  };

  const state = { draft };
  return (
    <div className="mobile-create">
      <header className="mobile-create__header">
        <button
          type="button"
          className="icon-button"
          aria-label={board ? t('saving.back') : t('saving.cancel')}
          onClick={() => (board ? setBoard(null) : leave())}
        >
          <BackIcon />
        </button>
        <h1 className="mobile-create__title" tabIndex={-1} ref={title}>
          {board ? t('saving.titles.chooseSection') : t('saving.titles.chooseBoard')}
        </h1>
      </header>
      <div className="mobile-create__draft">
        <DraftImage draft={draft} />
        {draft.description ? <p>{draft.description}</p> : null}
      </div>
      <div className="mobile-create__body">
        {board ? (
          <SectionPickerList
            board={board}
            hideCreate
            saving={save.isPending ? (save.variables.section?.id ?? 'board') : null}
            onPick={(section) => saveTo(board, section)}
            onCreate={() => undefined}
          />
        ) : (
          <BoardPickerList
            data={picker.data}
            loading={picker.isPending}
            failed={picker.isError}
            onRetry={() => void picker.refetch()}
            hideCreate
            savingBoardId={save.isPending ? save.variables.board.id : null}
            onPick={(chosen) => (chosen.section_count > 0 ? setBoard(chosen) : saveTo(chosen, null))}
            onCreate={() => void navigate('/board/create/', { state })}
          />
        )}
      </div>
      <footer className="mobile-create__footer">
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => void navigate(board ? `/board/${encodeURIComponent(board.id)}/create_section/` : '/board/create/', { state })}
        >
          {board ? t('saving.createSection') : t('saving.createBoard')}
        </button>
      </footer>
    </div>
  );
}
