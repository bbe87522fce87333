import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_STORED_ACCOUNTS, type Advertiser, type MeResponse, type StoredAccount } from '@pinhive/contracts';
import { useActingAs } from '../advertisers/actingContext';
import { BUSINESS_ACCESS_PATH } from '../advertisers/paths';
import { actingMenuEntries } from '../advertisers/rules';
import { switchAccount } from '../api/accounts';
import { logOut } from '../api/auth';
import { isApiError } from '../api/client';
import { accountAfterLogout, accountsForMenu, canAddAccount, displayName } from '../auth/accounts';
import { ADD_ACCOUNT_PATH, profilePath } from '../auth/targets';
import { ACCOUNTS_QUERY_KEY, forgetViewer, refreshViewer, useStoredAccounts } from '../auth/viewer';
import { usePathnameChange } from '../hooks/usePathnameChange';
import { INVITATIONS_PATH } from '../collaborators/paths';
import { RECEIVED_PINS_PATH } from '../sends/paths';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { BOOKMARKLET_SETTINGS_PATH, SECURITY_SETTINGS_PATH } from '../settings/paths';
import { useToast } from '../toast/toastContext';
import { Avatar } from './Avatar';
import { menuFocusTarget, menuTypeaheadTarget } from './menuKeys';
import { Spinner } from './Spinner';

/** How long the "you're now using …" toasts stay. */
export const ACCOUNT_TOAST_MS = 5000;

interface AccountMenuProps {
  user: MeResponse;
  /** The menu button: the top bar's first action, which gets the focus after a log-in or log-out. */
  buttonRef: Ref<HTMLButtonElement>;
}

/**
 * The logged-in viewer's menu in the top bar (WAI-ARIA menu button): the accounts this browser is
 * logged in to (the active one checked; another one switches to it and opens its profile), "Add
 * account", whom they act for when they may act for advertisers ("Yourself" or an advertiser, the
 * current one checked), the profile, the settings, business access and "Log out". Enter, Space or Down opens it on the first
 * item, Up on the last; Up, Down, Home, End and a letter move; Escape closes it and gives the
 * focus back to the button; Tab or a click outside closes it.
 */
export function AccountMenu({ user, buttonRef }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const menuId = useId();
  const buttonId = `${menuId}-button`;
  const [open, setOpen] = useState(false);
  const [firstFocus, setFirstFocus] = useState<'first' | 'last'>('first');
  const container = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const accounts = accountsForMenu(useStoredAccounts(true), user);
  const acting = useActingAs();
  const actingEntries = actingMenuEntries(acting.advertisers, acting.advertiser);
  const firstName = user.first_name.trim() || user.username;
  const fullName = user.full_name.trim() || firstName;

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  usePathnameChange(() => setOpen(false));

  // On opening, the focus goes into the menu (first or last item).
  useEffect(() => {
    if (!open) return;
    const list = items();
    (firstFocus === 'first' ? list[0] : list.at(-1))?.focus();
  }, [open, firstFocus]);

  // A press outside closes the menu (the focus stays where the press put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const afterSwitch = async (message: string) => {
    toast.show({ message, durationMs: ACCOUNT_TOAST_MS });
    await refreshViewer(queryClient);
  };

  const switchTo = useMutation({
    mutationFn: (account: StoredAccount) => switchAccount(account.id),
    onSuccess: async (switched) => {
      close(true);
      await navigate(profilePath(switched.username));
      await afterSwitch(t('accountMenu.switched', { name: switched.full_name.trim() || switched.username }));
    },
    onError: async (error, account) => {
      close(true);
      const gone = isApiError(error) && (error.http_status === 404 || error.http_status === 401);
      const message = gone ? t('accountMenu.switchGone', { name: displayName(account) }) : t('errors.generic');
      toast.show({ message, durationMs: ERROR_TOAST_MS, tone: 'error' });
      await queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
    },
  });

  // Log-out ends only the active account; the browser carries on with the next one it holds.
  const logout = useMutation({
    mutationFn: async () => {
      const next = accountAfterLogout(accounts, user.id);
      await logOut();
      if (!next) return null;
      try {
        return await switchAccount(next.id);
      } catch {
        return null;
      }
    },
    onSuccess: async (switched) => {
      close(false);
      if (switched) {
        button.current?.focus();
        await afterSwitch(t('accountMenu.afterLogout', { name: switched.full_name.trim() || switched.username }));
      } else {
        await forgetViewer(queryClient);
      }
    },
    onError: () => {
      close(true);
      toast.show({ message: t('errors.generic'), durationMs: ERROR_TOAST_MS, tone: 'error' });
    },
  });

  const busy = switchTo.isPending || logout.isPending;

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setFirstFocus(event.key === 'ArrowDown' ? 'first' : 'last');
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const current = list.findIndex((item) => item === document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (event.key === ' ' && current >= 0) {
      // Space activates links too, as in a native menu.
      event.preventDefault();
      list[current]?.click();
      return;
    }
    const moved =
      menuFocusTarget(event.key, current, list.length) ??
      (event.altKey || event.ctrlKey || event.metaKey ? null : menuTypeaheadTarget(event.key, current, list.map(itemLabel)));
    if (moved === null) return;
    event.preventDefault();
    list[moved]?.focus();
  };

  const full = !canAddAccount(accounts);

  const actFor = (advertiser: Advertiser | null) => {
    close(true);
    if ((advertiser?.id ?? null) === (acting.advertiser?.id ?? null)) return;
    acting.choose(advertiser);
    toast.show({ message: advertiser ? t('advertisers.menu.nowActing', { name: advertiser.name }) : t('advertisers.menu.nowYourself'), durationMs: ACCOUNT_TOAST_MS });
  };

  return (
    <div className="account-menu" ref={container}>
      <button
        ref={(element) => {
          button.current = element;
          if (typeof buttonRef === 'function') buttonRef(element);
          else if (buttonRef) buttonRef.current = element;
        }}
        id={buttonId}
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setFirstFocus('first');
          setOpen((current) => !current);
        }}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar name={fullName} imageUrl={user.image_medium_url} size="small" />
        <span className="account-menu__name">{firstName}</span>
        <svg className="account-menu__chevron" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div ref={menu} id={menuId} role="menu" aria-labelledby={buttonId} className="account-menu__list" onKeyDown={onMenuKeyDown}>
          <div role="group" aria-label={t('accountMenu.accounts')} className="account-menu__group">
            <div className="account-menu__heading" aria-hidden="true">
              {t('accountMenu.accounts')}
            </div>
            {accounts.map((account) => (
              <AccountItem
                key={account.id}
                account={account}
                busy={switchTo.isPending && switchTo.variables?.id === account.id}
                onSelect={() => {
                  if (busy) return;
                  if (account.active) {
                    close(true);
                    void navigate(profilePath(account.username));
                  } else switchTo.mutate(account);
                }}
              />
            ))}
            {full ? (
              <div role="menuitem" tabIndex={-1} aria-disabled="true" className="account-menu__item account-menu__item--disabled">
                <AddIcon />
                <span className="account-menu__text">
                  <span className="account-menu__primary">{t('accountMenu.add')}</span>
                  <span className="account-menu__secondary">{t('accountMenu.addFull', { max: MAX_STORED_ACCOUNTS })}</span>
                </span>
              </div>
            ) : (
              <MenuLink to={ADD_ACCOUNT_PATH} icon={<AddIcon />} onSelect={() => close(true)}>
                {t('accountMenu.add')}
              </MenuLink>
            )}
          </div>
          <div role="separator" className="account-menu__separator" />
          {actingEntries.length > 0 ? (
            <>
              <div role="group" aria-label={t('advertisers.menu.group')} className="account-menu__group">
                <div className="account-menu__heading" aria-hidden="true">
                  {t('advertisers.menu.group')}
                </div>
                {actingEntries.map((entry) => (
                  <ActingItem key={entry.advertiser?.id ?? 'self'} advertiser={entry.advertiser} checked={entry.checked} onSelect={() => actFor(entry.advertiser)} />
                ))}
              </div>
              <div role="separator" className="account-menu__separator" />
            </>
          ) : null}
          <MenuLink to={profilePath(user.username)} onSelect={() => close(true)}>
            {t('accountMenu.profile')}
          </MenuLink>
          <MenuLink to={SECURITY_SETTINGS_PATH} onSelect={() => close(true)}>
            {t('accountMenu.settings')}
          </MenuLink>
          <MenuLink to={BOOKMARKLET_SETTINGS_PATH} onSelect={() => close(true)}>
            {t('accountMenu.bookmarklet')}
          </MenuLink>
          <MenuLink to={INVITATIONS_PATH} onSelect={() => close(true)}>
            {t('accountMenu.invitations')}
          </MenuLink>
          <MenuLink to={RECEIVED_PINS_PATH} onSelect={() => close(true)}>
            {t('accountMenu.received')}
          </MenuLink>
          <MenuLink to={BUSINESS_ACCESS_PATH} onSelect={() => close(true)}>
            {t('advertisers.menu.business')}
          </MenuLink>
          <MenuLink to="/pin-builder/" onSelect={() => close(true)}>
            {t('pinBuilder.menu')}
          </MenuLink>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="account-menu__item"
            aria-disabled={logout.isPending || undefined}
            aria-busy={logout.isPending || undefined}
            onClick={() => {
              if (!busy) logout.mutate();
            }}
          >
            <span className="account-menu__primary">{t('accountMenu.logOut')}</span>
            {logout.isPending ? <Spinner /> : null}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** What an item is called (without the avatar's initials), for type-ahead. */
const itemLabel = (item: HTMLElement): string => (item.querySelector('.account-menu__primary') ?? item).textContent ?? '';

function AccountItem({ account, busy, onSelect }: { account: StoredAccount; busy: boolean; onSelect: () => void }) {
  const name = displayName(account);
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={account.active}
      tabIndex={-1}
      className={`account-menu__item account-menu__account${account.active ? ' account-menu__account--active' : ''}`}
      aria-busy={busy || undefined}
      onClick={onSelect}
    >
      <Avatar name={name} imageUrl={account.imageMediumUrl} size="medium" />
      <span className="account-menu__text">
        <span className="account-menu__primary">{name}</span>
        <span className="account-menu__secondary">{account.email}</span>
      </span>
      {busy ? <Spinner /> : null}
      {account.active ? <CheckIcon /> : null}
    </button>
  );
}

/** "Yourself" (null) or an advertiser to act for; the current one checked. */
function ActingItem({ advertiser, checked, onSelect }: { advertiser: Advertiser | null; checked: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const hint = !advertiser ? t('advertisers.menu.yourselfHint') : advertiser.role === 'owner' ? t('advertisers.menu.ownerHint') : t('advertisers.menu.memberHint');
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      className={`account-menu__item account-menu__acting${checked ? ' account-menu__acting--current' : ''}`}
      onClick={onSelect}
    >
      <span className="account-menu__text">
        <span className="account-menu__primary">{advertiser ? advertiser.name : t('advertisers.menu.yourself')}</span>
        <span className="account-menu__secondary">{hint}</span>
      </span>
      {checked ? <CheckIcon /> : null}
    </button>
  );
}

function CheckIcon() {
  return (
    <svg className="account-menu__check" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A menu item that goes to a page; choosing it closes the menu (also when the page is the current one). */
function MenuLink({ to, icon, onSelect, children }: { to: string; icon?: ReactNode; onSelect: () => void; children: ReactNode }) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className="account-menu__item" onClick={onSelect}>
      {icon}
      <span className="account-menu__primary">{children}</span>
    </Link>
  );
}

function AddIcon() {
  return (
    <span className="account-menu__add-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </span>
  );
}
