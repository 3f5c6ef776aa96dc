/** What the editor shows before a file is chosen: where to find things and how saving works. */
export function Welcome() {
  return (
    <div className="welcome">
      <h2>Choose what to edit</h2>
      <p>
        Pick a file on the left: the menu is <strong>Navigation</strong>, the footer is <strong>Footer</strong>, pages
        are listed by their address, and treatment pages are under <strong>Treatments</strong>.
      </p>
      <p>
        Each field says what it is for. The preview beside the form shows the page as the site will show it, as you
        type. <strong>Save</strong> checks the whole site first and refuses a change that would break it.
      </p>
    </div>
  );
}
