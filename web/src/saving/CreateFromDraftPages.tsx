import { useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_CREATED_TOAST_MS, type PickerBoard, type Section } from '@pinhive/contracts';
import { useViewer } from '../auth/viewer';
import { AddSectionForm } from '../boards/AddSectionForm';
import { CreateBoardForm } from '../boards/CreateBoardForm';
import { useBoardById } from '../boards/queries';
import { boardHref } from '../boards/rules';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { draftFromState, type PinDraft } from './draft';
import { BackIcon } from './icons';
import { pinHref } from './success';
import { saveErrorText } from './saveErrors';
import { useSave } from './useSave';

/** Saves the draft the mobile page carried here into a new board or section, then shows it. */
function useSaveDraft(draft: PinDraft | null) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const save = useSave({ kind: 'create', draft: draft ?? { method: 'button', url: '', image: '', description: '', guid: '', color: '' } });
  return {
    saving: save.isPending,
    run: (board: PickerBoard, section: Section | null, done: string) => {
      if (!draft) {
        void navigate(done, { replace: true });
        return;
      }
      save.mutate(
        { board, section },
        {
          onSuccess: (result) => {
            toast.show({
              message: section
                ? t('saving.savedToSection', { sectionName: section.title, boardName: board.name })
                : t('saving.savedTo', { boardName: board.name }),
              durationMs: MOBILE_CREATED_TOAST_MS,
              action: { label: t('saving.view'), to: pinHref(result.pin.id) },
            });
            void navigate(done, { replace: true });
          },
          onError: (error) => {
            toast.show({ message: saveErrorText(error, t, t('saving.mobileFailed')), durationMs: ERROR_TOAST_MS, tone: 'error' });
            void navigate(done, { replace: true });
          },
        },
      );
    },
  };
}

function MobileFormPage({ title, children, busy }: { title: string; children: ReactNode; busy: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="mobile-create mobile-create--form">
      <header className="mobile-create__header">
        <button type="button" className="icon-button" aria-label={t('saving.back')} onClick={() => void navigate(-1)}>
          <BackIcon />
        </button>
        <h1 className="mobile-create__title">{title}</h1>
      </header>
      <div className="mobile-create__body mobile-create__body--padded">
        {busy ? (
          <div className="picker__state" role="status">
            <Spinner size="large" label={t('saving.saving')} />
          </div>
        ) : (
          children
        )}
      </div>
    </div>
  );
}

/** `/board/create/`: create a board (and save the draft carried in navigation state into it). */
export function CreateBoardPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const draft = draftFromState(useLocation().state);
  const save = useSaveDraft(draft);
  const [created, setCreated] = useState(false);
  useDocumentTitle(t('titles.createBoard'));
  if (viewer.status !== 'authenticated') return <Gate anonymous={viewer.status === 'anonymous'} />;
  return (
    <MobileFormPage title={t('boards.create.title')} busy={created && save.saving}>
      <CreateBoardForm
        source="board_picker"
        onCreated={(board) => {
          setCreated(true);
          save.run(board, null, boardHref(board.url, false));
        }}
      />
    </MobileFormPage>
  );
}

/** `/board/:id/create_section/`: add a section to a board (and save the draft into it). */
export function CreateSectionPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const viewer = useViewer();
  const board = useBoardById(id);
  const draft = draftFromState(useLocation().state);
  const save = useSaveDraft(draft);
  const [created, setCreated] = useState(false);
  useDocumentTitle(t('titles.createSection'));
  if (viewer.status !== 'authenticated') return <Gate anonymous={viewer.status === 'anonymous'} />;
  if (!board.data) return <Gate anonymous={false} failed={board.isError} />;
  const target = board.data;
  return (
    <MobileFormPage title={t('boards.section.altTitle')} busy={created && save.saving}>
      <AddSectionForm
        boardId={target.id}
        onCreated={(section) => {
          setCreated(true);
          save.run(target, section, `${boardHref(target.url, false).replace(/\/?$/, '/')}${section.slug}/`);
        }}
      />
    </MobileFormPage>
  );
}

function Gate({ anonymous, failed = false }: { anonymous: boolean; failed?: boolean }) {
  const { t } = useTranslation();
  if (anonymous) return <Navigate to="/" replace />;
  return (
    <div className="page">
      {failed ? <StatusView role="alert" title={t('errors.generic')} /> : <StatusView role="status" visual={<Spinner size="large" />} title={t('bookmarklet.loading')} />}
    </div>
  );
}
