import { useId, useRef, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@pinhive/contracts';
import { Dialog } from '../components/Dialog';
import { NoticeIcon } from './icons';
import { isSpecialBanner, noticeActions, splitTextTags, type NoticeLink } from './notice';

/** A notice's link: a path of the site through the router, anything else as an ordinary anchor. */
function NoticeAnchor({ link, className, children }: { link: NoticeLink; className?: string; children: ReactNode }) {
  return link.external ? (
    <a href={link.href} className={className}>
      {children}
    </a>
  ) : (
    <Link to={link.href} className={className}>
      {children}
    </Link>
  );
}

/** The description, its text tags as links. */
function NoticeText({ notice }: { notice: Notice }) {
  return (
    <>
      {splitTextTags(notice.description.text, notice.description.text_tags).map((part, index) =>
        part.kind === 'link' ? (
          <NoticeAnchor key={index} link={part.link} className="text-link">
            {part.text}
          </NoticeAnchor>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

interface NoticeContentProps {
  notice: Notice;
  warning: boolean;
  titleId: string;
  textId: string;
  /** The dialog puts the focus on its title, so that it is read from the start. */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** What the box and the modal both show: the title, the text, the actions (levels 4 and 14), the footer. */
function NoticeContent({ notice, warning, titleId, textId, titleRef }: NoticeContentProps) {
  const { t } = useTranslation();
  const actions = noticeActions(notice);
  return (
    <>
      <h2 className="search-notice__title" id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
        {warning ? (
          <span className="search-notice__kind">
            {t('search.notice.warning')}
            {/* Heard, not seen: the title reads "Warning: …". */}
            <span className="search-notice__colon">:</span>
          </span>
        ) : null}
        {notice.title || t('search.notice.untitled')}
      </h2>
      {notice.description.text ? (
        <p className="search-notice__text" id={textId}>
          <NoticeText notice={notice} />
        </p>
      ) : null}
      {actions.length > 0 ? (
        <ul className="search-notice__actions">
          {actions.map((action, index) => (
            <li key={index} className="search-notice__action">
              {action.title ? <h3 className="search-notice__action-title">{action.title}</h3> : null}
              {action.description ? <p className="search-notice__action-text">{action.description}</p> : null}
              <NoticeAnchor link={action.link} className="button button--primary search-notice__button">
                {action.text}
              </NoticeAnchor>
            </li>
          ))}
        </ul>
      ) : null}
      {notice.footer ? <p className="search-notice__footer">{notice.footer}</p> : null}
    </>
  );
}

const noticeClass = (base: string, notice: Notice, warning: boolean) =>
  `${base}${isSpecialBanner(notice) ? ` ${base}--banner` : ''}${warning ? ` ${base}--warning` : ''}`;

/**
 * A search notice above the results (section 4 "Search advisory"): a region named by its title.
 * Style 2 is the special banner (full width, dark); severity 0 (abusive) reads as a warning. Its
 * "Open notice" button shows the same notice in the modal.
 */
export function SearchNoticeBox({ notice, warning, onOpen }: { notice: Notice; warning: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={noticeClass('search-notice', notice, warning)} aria-labelledby={`${id}-title`}>
      <span className="search-notice__icon">
        <NoticeIcon warning={warning} />
      </span>
      <div className="search-notice__body">
        <NoticeContent notice={notice} warning={warning} titleId={`${id}-title`} textId={`${id}-text`} />
        <div className="search-notice__more">
          <button type="button" className="button button--secondary search-notice__open" onClick={onOpen}>
            {t('search.notice.open')}
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * The notice in a modal dialog: opened first, before the results, for emotional distress or
 * suicide (advisory type 4), and by a notice box's "Open notice". The focus starts on its title;
 * Escape, the close button and "See results" close it, and the focus goes back.
 */
export function SearchNoticeDialog({ notice, warning, onClose }: { notice: Notice; warning: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <Dialog
      labelledBy={`${id}-title`}
      describedBy={notice.description.text ? `${id}-text` : undefined}
      onClose={onClose}
      className="dialog--notice"
      initialFocus={title}
    >
      <div className={noticeClass('notice-dialog', notice, warning)}>
        <span className="search-notice__icon">
          <NoticeIcon warning={warning} size={32} />
        </span>
        <NoticeContent notice={notice} warning={warning} titleId={`${id}-title`} textId={`${id}-text`} titleRef={title} />
        <div className="notice-dialog__close">
          <button type="button" className="button button--secondary button--block" onClick={onClose}>
            {t('search.notice.seeResults')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
