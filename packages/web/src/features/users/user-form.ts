/** The user editor's form values and the API body built from them (the shared `User`). */
export type UserForm = {
  id?: string;
  name: string;
  username: string;
  roles: string[];
  securityCtx: { sites: string[]; companies: string[] };
  sendEmail: boolean;
  password: string;
};

export const DEFAULTS: UserForm = {
  name: '',
  username: '',
  roles: [],
  securityCtx: { sites: [], companies: [] },
  sendEmail: true,
  password: '',
};

export const userBody = (v: UserForm, password?: string) => ({
  name: v.name.trim(),
  username: v.username.trim(),
  roles: v.roles,
  securityCtx: { sites: v.securityCtx.sites, companies: v.securityCtx.companies ?? [] },
  ...(password ? { password } : {}),
});
