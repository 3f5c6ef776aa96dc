/**
 * A real OpenID Connect provider (oidc-provider, the certified implementation) on 127.0.0.1, for
 * tests that sign in to the editor as a hospital would through Entra ID or Google Workspace.
 *
 * Its sign-in page is oidc-provider's development page: a form with "login" and "password"
 * fields (the password is not checked; the login is the account's email). Consent is given
 * ahead, so after the login the browser goes straight back to the client. PKCE is required.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

/** A person the provider knows. */
export interface OidcAccount {
  email: string;
  name: string;
  /** Whether the provider vouches for the email (email_verified); default true. */
  emailVerified?: boolean;
}

/** The editor as the provider's registered client. */
export interface OidcClient {
  id: string;
  secret: string;
  redirect_uris: string[];
}

export interface OidcProviderHandle {
  /** The issuer URL, e.g. http://127.0.0.1:40123 */
  issuer: string;
  close(): Promise<void>;
}

/** Starts a provider on 127.0.0.1 (a free port) with these accounts and this one client. */
export async function startOidcProvider(options: {
  accounts: OidcAccount[];
  client: OidcClient;
}): Promise<OidcProviderHandle> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map(options.accounts.map((a) => [a.email.toLowerCase(), a]));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.client.id,
        client_secret: options.client.secret,
        redirect_uris: options.client.redirect_uris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    pkce: { required: () => true },
    cookies: { keys: ["test-only-cookie-key"] },
    // Lifetimes set, so the provider prints no notice about its defaults.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id.toLowerCase());
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
        }),
      };
    },
    // Consent given ahead: a test (or the lead's browser test) signs in with one form.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
