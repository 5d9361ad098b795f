import { getMenuItemsForRole, limits, type Me, type MenuCategory } from '@skylog/contracts';
import {
  AudioLines,
  Building,
  Cable,
  CreditCard,
  GraduationCap,
  LayoutDashboard,
  Plane,
  PlaneTakeoff,
  ShieldCheck,
  Tags,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { OrganizationPanel } from '../../features/orgs/components/organization-panel.tsx';
import { paymentHoldPath } from './gates.tsx';
import { LogoutStrip } from './logout-strip.tsx';

const icons: Record<string, LucideIcon> = {
  overview: LayoutDashboard,
  flights: PlaneTakeoff,
  instructors: Users,
  students: GraduationCap,
  aircraft: Plane,
  'audio-upload': AudioLines,
  'sub-organization': Building,
  admin: UserCog,
  rbac: ShieldCheck,
  billing: CreditCard,
  'cable-collection': Cable,
  markers: Tags,
};

const sections: ReadonlyArray<{ category: MenuCategory; title: string }> = [
  { category: 'dashboard', title: 'dashboard' },
  { category: 'configuration', title: 'configuration' },
];

type SidebarProps = {
  me: Me;
  isOpen: boolean;
  /**
   * Narrow windows: over the content below the top bar (whose toggle still closes it), with a backdrop
   * that closes it when clicked.
   */
  isOverlay: boolean;
  onClose: () => void;
};

/** Logo, the two-section menu filtered by the route-access table, the organization panel, logout. */
export function Sidebar({ me, isOpen, isOverlay, onClose }: SidebarProps) {
  // A member of an unpaid school reaches only the page they are held on (docs/product.md "Billing and the payment hold").
  const holdPath = paymentHoldPath(me);
  const items = getMenuItemsForRole(me.user_type).filter((item) => holdPath === null || item.path === holdPath);
  return (
    <>
      {isOverlay ? (
        <div data-testid="sidebar-backdrop" aria-hidden className="fixed inset-x-0 top-14 bottom-0 z-30 bg-slate-900/50" onClick={onClose} />
      ) : null}
      <aside
        aria-label="Sidebar"
        aria-hidden={!isOpen}
        data-testid="sidebar"
        className={`${isOverlay ? 'fixed top-14 bottom-0 left-0 z-40 shadow-xl' : 'sticky top-0 h-screen'} shrink-0 flex-col bg-slate-900 text-slate-100 ${isOpen ? 'flex' : 'hidden'}`}
        style={{ width: limits.sidebarWidthPx }}
      >
        <div className="flex items-center gap-2 px-4 py-4">
          <img src="/logo.svg" alt="" className="h-8 w-8" />
          <span className="text-lg font-semibold tracking-tight">Skylog</span>
        </div>
        <nav aria-label="Main menu" className="flex-1 overflow-y-auto px-3">
          {sections.map((section) => {
            const sectionItems = items.filter((item) => item.category === section.category);
            if (sectionItems.length === 0) return null;
            return (
              <div key={section.category} className="mb-4">
                <p className="px-2 pb-1 text-[11px] font-semibold uppercase tracking-wider text-slate-400">{section.title}</p>
                <ul className="flex flex-col gap-0.5">
                  {sectionItems.map((item) => {
                    const Icon = icons[item.id] ?? LayoutDashboard;
                    return (
                      <li key={item.id}>
                        <NavLink
                          to={item.path}
                          className={({ isActive }) =>
                            `flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${isActive ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'}`
                          }
                        >
                          <Icon size={16} aria-hidden />
                          {item.label}
                        </NavLink>
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </nav>
        <div className="px-3 pb-3">
          <OrganizationPanel role={me.user_type} orgId={me.org_id} subOrgId={me.sub_org_id} />
        </div>
        <LogoutStrip />
      </aside>
    </>
  );
}
