/**
 * The sign-in page: server-rendered HTML that works without JavaScript and carries no inline
 * script or style, so the editor's strict Content-Security-Policy holds. English (the editor's
 * language). Accessible: every field has a label, the first field needing attention gets the
 * focus (autofocus), an error is in words, announced (role="alert") and tied to its fields
 * (aria-describedby), and the colours keep at least 4.5:1 contrast.
 */

/** What the page shows. */
export interface SignInView {
  /** The login-CSRF token, echoed by the form (and held in a cookie). */
  formToken: string;
  /** Where to go after signing in (a path under /editor/). */
  next: string;
  email?: string;
  error?: string;
  /** Which field the error is about, for the focus. */
  errorField?: "email" | "password";
  /** "Sign in with <label>" when OpenID Connect is set up. */
  oidcLabel?: string;
}

/** The stylesheet's path: one of the few addresses served without a session. */
export const signInStylesheet = "/editor/auth/sign-in.css";

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

export function renderSignInPage(view: SignInView): string {
  const e = escapeHtml;
  const error = view.error ? `<p class="error" id="sign-in-error" role="alert">${e(view.error)}</p>` : "";
  const focus = view.errorField ?? (view.email ? "password" : "email");
  const described = view.error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : "";
  const oidc = view.oidcLabel
    ? `<p class="or">or</p>
      <p><a class="button secondary" href="/editor/auth/oidc?next=${encodeURIComponent(view.next)}">Sign in with ${e(view.oidcLabel)}</a></p>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in · Site editor</title>
<link rel="stylesheet" href="${signInStylesheet}">
</head>
<body>
<main>
  <h1>Sign in to the site editor</h1>
  ${error}
  <form method="post" action="/editor/sign-in" novalidate>
    <input type="hidden" name="form_token" value="${e(view.formToken)}">
    <input type="hidden" name="next" value="${e(view.next)}">
    <p>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required value="${e(view.email ?? "")}"${focus === "email" ? " autofocus" : ""}${focus === "email" ? described : ""}>
    </p>
    <p>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required${focus === "password" ? " autofocus" : ""}${focus === "password" ? described : ""}>
    </p>
    <p><button type="submit">Sign in</button></p>
  </form>
  ${oidc}
</main>
</body>
</html>
`;
}

/** The page's styles: system fonts, dark text on white (16:1), a blue button with white text (7:1), a visible focus ring. */
export const signInCss = `*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #c9ccd1;border-radius:.5rem}
h1{font-size:1.5rem;margin:0 0 1.5rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;padding:.6rem .7rem;font:inherit;color:inherit;border:1px solid #6b7280;border-radius:.3rem}
input[aria-invalid=true]{border-color:#b3261e;border-width:2px}
.button,button{display:inline-block;width:100%;padding:.7rem 1rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;color:#fff;background:#0b4f9c;border:2px solid #0b4f9c;border-radius:.3rem;cursor:pointer}
.button.secondary{color:#0b4f9c;background:#fff}
:focus-visible{outline:3px solid #b35c00;outline-offset:2px}
.error{padding:.75rem 1rem;color:#8c1d18;background:#fdecea;border-left:4px solid #b3261e}
.or{text-align:center;color:#4b5563;margin:1rem 0}
`;
