/**
 * A choice the visitor made in a form before its island's code arrived: the field shows it,
 * but no handler heard it. A select or a box differs then from the state the server drew,
 * which the DOM keeps as its default (defaultSelected, defaultChecked), so the form can act on
 * it once hydrated, as if heard. Text is left alone: it applies on submit, which is held.
 */

/** What is read of a form control (a plain shape, so the rule is tested without a DOM). */
export interface ControlState {
  id: string;
  type: string;
  checked?: boolean;
  defaultChecked?: boolean;
  options?: ArrayLike<{ selected: boolean; defaultSelected: boolean }>;
}

function changed(control: ControlState): boolean {
  if (control.type === 'checkbox' || control.type === 'radio') return control.checked !== control.defaultChecked;
  if (control.type.startsWith('select')) {
    const options = Array.from(control.options ?? []);
    // With no option marked by the server, the browser shows the first one.
    const drawn = options.some((o) => o.defaultSelected) ? options.map((o) => o.defaultSelected) : options.map((_, i) => i === 0);
    return options.some((o, i) => o.selected !== drawn[i]);
  }
  return false;
}

/** The first control whose choice differs from the server's, or null. */
export function earlyChoice<C extends ControlState>(controls: Iterable<C>): C | null {
  for (const control of controls) if (changed(control)) return control;
  return null;
}

/** The form's control the visitor changed before hydration, if any. */
export function earlyChoiceIn(form: HTMLFormElement): HTMLElement | null {
  const controls = Array.from(form.elements).filter((e): e is HTMLInputElement | HTMLSelectElement => e instanceof HTMLInputElement || e instanceof HTMLSelectElement);
  return earlyChoice(controls);
}
