// A small menu behind an icon button, for lists that show one on every row or card (the ticket
// board draws dozens). It is the browser's own popover: opening it draws its few items and places
// them once, with none of the positioning, portal, transition and focus-trap machinery of the
// interface library's menu, so a tap answers within a frame even on a slow phone. The browser
// closes it on Escape and on a tap outside; it also closes when the page scrolls (it is placed
// once) and on Tab, handing the focus back to its button. The arrow keys, Home and End walk its
// enabled items; the item marked `autoFocus` (or the first enabled one) takes the focus.
// Browsers without popovers get a fixed box drawn at the end of the page instead (a portal): drawn
// where its button is, it would be placed against a card's transformed ancestor (the board's
// columns move their cards with a transform), clipped by the column and painted over by the cards
// below it.
import { createContext, useCallback, useContext, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { ActionIcon } from '@mantine/core';
import classes from './quick-menu.module.css';

const CloseMenu = createContext<() => void>(() => undefined);

interface QuickMenuProps {
  /** The button's name. */
  label: string;
  /** The button's icon. */
  icon: ReactNode;
  /** The button, for a caller that gives it the focus. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** The items; made only while the menu is open. */
  children: () => ReactNode;
}

const ITEMS = '[role="menuitem"]:not(:disabled)';
/**
 * Browsers without popovers (and the test DOM) show the menu as a plain fixed box at the end of
 * the page, above its content, closed by this file's own listeners.
 */
const POPOVERS = typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover === 'function';
const GAP = 4;
const MARGIN = 8;

export function QuickMenu({ label, icon, buttonRef, children }: QuickMenuProps) {
  const [open, setOpen] = useState(false);
  const ownButton = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? ownButton;
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  // A tap on the button of an open menu closes it: the browser closes it on that tap already
  // (outside the popover), and the click that follows must not open it again.
  const openAtPress = useRef(false);

  const close = useCallback(
    (refocus: boolean) => {
      const menu = menuRef.current;
      if (refocus || (menu && menu.contains(document.activeElement))) button.current?.focus();
      if (menu && POPOVERS && menu.matches(':popover-open')) menu.hidePopover();
      setOpen(false);
    },
    [button],
  );
  const closeAfterChoice = useCallback(() => close(true), [close]);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    const anchor = button.current;
    if (!open || !menu || !anchor) return;
    if (POPOVERS) menu.showPopover();
    place(menu, anchor);
    const first = menu.querySelector<HTMLElement>(`${ITEMS}[data-autofocus]`) ?? menu.querySelector<HTMLElement>(ITEMS);
    first?.focus();
    // The browser closed it (Escape, a tap outside).
    const toggled = (event: Event) => {
      if ((event as ToggleEvent).newState === 'closed') close(false);
    };
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.contains(target) && !anchor.contains(target)) close(false);
    };
    const moved = () => close(false);
    menu.addEventListener('toggle', toggled);
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('scroll', moved, { capture: true, passive: true });
    window.addEventListener('resize', moved);
    return () => {
      menu.removeEventListener('toggle', toggled);
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('scroll', moved, { capture: true });
      window.removeEventListener('resize', moved);
    };
  }, [open, button, close]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const menu = menuRef.current;
    if (!menu) return;
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close(true);
      return;
    }
    const items = [...menu.querySelectorAll<HTMLElement>(ITEMS)];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: items[(at + 1) % items.length],
      ArrowUp: items[(at - 1 + items.length) % items.length],
      Home: items[0],
      End: items[items.length - 1],
    }[event.key];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  // Only drawn once open, in the browser (never in the page the server draws).
  const menu = open ? (
    <div ref={menuRef} id={id} popover={POPOVERS ? 'auto' : undefined} role="menu" aria-label={label} className={classes.menu} onKeyDown={onKeyDown}>
      <CloseMenu.Provider value={closeAfterChoice}>{children()}</CloseMenu.Provider>
    </div>
  ) : null;

  return (
    <>
      <ActionIcon
        ref={button}
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onPointerDown={() => {
          openAtPress.current = open;
        }}
        onClick={() => {
          const wasOpen = open || openAtPress.current;
          openAtPress.current = false;
          if (wasOpen) close(true);
          else setOpen(true);
        }}
      >
        {icon}
      </ActionIcon>
      {open ? (POPOVERS ? menu : createPortal(menu, document.body)) : null}
    </>
  );
}

/** Below the button, its end edge on the button's (above it when there is no room below), inside the window. */
function place(menu: HTMLElement, anchor: HTMLElement) {
  const rect = anchor.getBoundingClientRect();
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  const rtl = anchor.closest('[dir]')?.getAttribute('dir') === 'rtl';
  const left = Math.min(Math.max(rtl ? rect.left : rect.right - width, MARGIN), Math.max(MARGIN, window.innerWidth - width - MARGIN));
  const below = rect.bottom + GAP;
  const above = rect.top - GAP - height;
  const top = below + height > window.innerHeight - MARGIN && above >= MARGIN ? above : below;
  menu.style.left = `${left}px`;
  menu.style.top = `${top}px`;
}

interface QuickMenuItemProps {
  icon?: ReactNode;
  children: ReactNode;
  disabled?: boolean;
  /** Takes the focus when the menu opens (the first enabled item does otherwise). */
  autoFocus?: boolean;
  onClick?: () => void;
  /** A link rather than a button. */
  href?: string;
  target?: string;
}

export function QuickMenuItem({ icon, children, disabled = false, autoFocus = false, onClick, href, target }: QuickMenuItemProps) {
  const close = useContext(CloseMenu);
  const content = (
    <>
      {icon ? (
        <span className={classes.icon} aria-hidden>
          {icon}
        </span>
      ) : null}
      <span>{children}</span>
    </>
  );
  const choose = () => {
    close();
    onClick?.();
  };
  if (href !== undefined) {
    return (
      <a
        role="menuitem"
        tabIndex={-1}
        className={classes.item}
        href={href}
        target={target}
        rel={target ? 'noopener noreferrer' : undefined}
        data-autofocus={autoFocus || undefined}
        onClick={choose}
      >
        {content}
      </a>
    );
  }
  return (
    <button type="button" role="menuitem" tabIndex={-1} className={classes.item} disabled={disabled} data-autofocus={autoFocus || undefined} onClick={choose}>
      {content}
    </button>
  );
}

/** Items under a title, which names them as a group for assistive technology. */
export function QuickMenuGroup({ label, children }: { label: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} className={classes.label}>
        {label}
      </div>
      {children}
    </div>
  );
}

export function QuickMenuDivider() {
  return <div role="separator" className={classes.divider} />;
}
