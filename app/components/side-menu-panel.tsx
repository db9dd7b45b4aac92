import { Link, useLocation } from "@remix-run/react";
import { X } from "lucide-react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { DISABLED_MENU_ITEMS, visibleMenuLinks } from "~/lib/navigation";
import { useSessionStatus } from "~/lib/use-session";
import { InstallMenuEntry } from "./install";
import { MenuUserBlock } from "./menu-user-block";
import { NotificationSettingsCard } from "./notifications/notification-settings-card";
import { ThemeSwitch } from "./theme-switch";

/**
 * The open side menu (app/components/side-menu.tsx): its own module, loaded when the menu first opens
 * or the browser is idle, so the notification settings, the install entry and the tour button stay out
 * of every page's first load (docs/decisions/020). Focus moves into it when it appears; Tab stays inside.
 */
export function SideMenuPanel({
  closedHref,
  close,
  setOpen,
}: {
  closedHref: string;
  close: () => void;
  setOpen: (open: boolean) => void;
}) {
  const location = useLocation();
  const { user } = useSessionStatus();
  const links = visibleMenuLinks(user);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusable = panelRef.current.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div className="fixed inset-0 z-50" onKeyDown={onKeyDown}>
      <a
        href={closedHref}
        tabIndex={-1}
        aria-hidden
        onClick={(event) => {
          event.preventDefault();
          close();
        }}
        className="absolute inset-0 bg-black/50"
      />
      <div
        ref={panelRef}
        id="side-menu"
        role="dialog"
        aria-modal="true"
        aria-labelledby="side-menu-title"
        className="absolute inset-y-0 right-0 flex w-[min(22rem,90vw)] flex-col gap-4 overflow-y-auto bg-card p-5 text-card-foreground shadow-2xl"
      >
        <div className="flex items-start justify-between gap-2">
          <div>
            <h2 id="side-menu-title" className="text-lg font-bold">
              Menu
            </h2>
            <p className="text-sm text-muted-foreground">
              South Carolina specifications only - Not applicable for other
              states
            </p>
          </div>
          <a
            href={closedHref}
            role="button"
            data-autofocus
            aria-label="Close menu"
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
            className="inline-flex size-[var(--tap-size)] shrink-0 items-center justify-center rounded-md hover:bg-muted"
          >
            <X aria-hidden className="size-5" />
          </a>
        </div>
        <MenuUserBlock />
        <nav aria-label="Main">
          <ul className="grid gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={() => setOpen(false)}
                  aria-current={
                    location.pathname === link.to ? "page" : undefined
                  }
                  className="block rounded-md px-3 py-2 hover:bg-muted aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
                >
                  <span className="block font-medium">{link.label}</span>
                  <span className="block text-sm text-muted-foreground">
                    {link.description}
                  </span>
                </Link>
              </li>
            ))}
            {DISABLED_MENU_ITEMS.map((item) => (
              <li key={item.label}>
                <span
                  aria-disabled="true"
                  className="flex items-center justify-between rounded-md px-3 py-2 text-muted-foreground"
                >
                  <span className="font-medium">{item.label}</span>
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">
                    {item.badge}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </nav>
        <InstallMenuEntry onChoose={close} />
        <NotificationSettingsCard />
        <div className="mt-auto border-t border-border pt-4">
          <ThemeSwitch />
        </div>
      </div>
    </div>
  );
}
