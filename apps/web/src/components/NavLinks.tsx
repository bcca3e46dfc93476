import {
  IconBulb,
  IconCash,
  IconChartLine,
  IconLifebuoy,
  IconListDetails,
  IconLogin,
  IconPlayerPause,
  IconRepeat,
  IconReportMoney,
  IconTarget,
  IconUserPlus,
} from '@tabler/icons-react';
import { budgetsPath, type YearMonth } from '@mindspend/domain';
import { signupOffered, useAuthConfig } from '../lib/auth-config';
import { NavItem } from './NavItem';

interface NavLinksProps {
  signedIn: boolean;
  month: YearMonth;
  onNavigate?: () => void;
  fullWidth?: boolean;
}

/** The links of the navigation bar: logged-in and logged-out variants (spec §2.1). */
export function NavLinks({ signedIn, month, onNavigate, fullWidth }: NavLinksProps) {
  const common = { onClick: onNavigate, fullWidth };
  // A closed or invitation-only server offers no sign-up to a passing visitor (DECISIONS.md #79).
  const config = useAuthConfig(!signedIn);
  if (!signedIn) {
    return (
      <>
        {signupOffered(config.data) ? (
          <NavItem to="/signup" icon={<IconUserPlus size={16} />} {...common}>
            Signup
          </NavItem>
        ) : null}
        <NavItem to="/login" icon={<IconLogin size={16} />} {...common}>
          Login
        </NavItem>
      </>
    );
  }
  return (
    <>
      <NavItem to="/ledger" icon={<IconListDetails size={16} />} {...common}>
        Ledger
      </NavItem>
      <NavItem
        to={budgetsPath(month)}
        activePrefix="/budgets"
        icon={<IconReportMoney size={16} />}
        {...common}
      >
        Budgets
      </NavItem>
      <NavItem to="/income" activePrefix="/income" icon={<IconCash size={16} />} {...common}>
        Income
      </NavItem>
      <NavItem to="/goals" icon={<IconTarget size={16} />} {...common}>
        Goals
      </NavItem>
      <NavItem to="/pauses" icon={<IconPlayerPause size={16} />} {...common}>
        Pause list
      </NavItem>
      <NavItem to="/subscriptions" icon={<IconRepeat size={16} />} {...common}>
        Subscriptions
      </NavItem>
      <NavItem to="/insights" icon={<IconBulb size={16} />} {...common}>
        Insights
      </NavItem>
      <NavItem to="/reports" icon={<IconChartLine size={16} />} {...common}>
        Reports
      </NavItem>
      <NavItem to="/contact" icon={<IconLifebuoy size={16} />} {...common}>
        Support
      </NavItem>
    </>
  );
}
