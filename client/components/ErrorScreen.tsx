/**
 * Last-resort boundary: shown only if rendering itself fails. It cannot rely on the
 * dictionary (which may be what failed), so it shows the four languages at once.
 */
export function ErrorScreen() {
  return (
    <section className="container page narrow" lang="en">
      <h1>Something went wrong · Er ging iets mis · Une erreur s'est produite · Ein Fehler ist aufgetreten</h1>
      <p>
        <a href="/">Home</a>
      </p>
    </section>
  );
}
