// A company's login switches (spec 002 §2.11, §4 "Login methods", §5): pure rules the
// page and its tests share.

export type LoginSwitch = 'ssoEnabled' | 'googleLoginEnabled' | 'microsoftLoginEnabled';

export const LOGIN_SWITCHES: readonly LoginSwitch[] = ['ssoEnabled', 'googleLoginEnabled', 'microsoftLoginEnabled'];

export type LoginSwitches = Readonly<Record<LoginSwitch, boolean>>;

/** Turning off the last enabled method is refused before asking the server. */
export function leavesNoMethod(current: LoginSwitches, change: LoginSwitch, enabled: boolean): boolean {
  if (enabled) return false;
  return LOGIN_SWITCHES.every((name) => name === change || !current[name]);
}
