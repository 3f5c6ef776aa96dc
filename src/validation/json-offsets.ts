/**
 * Where values stand in a JSON text, found without building its tree. A container's members are
 * listed (name, where its name and its value start) the first time a pointer goes through it,
 * skipping over each member's value without reading it, and kept: every pointer into a 50 MB
 * collection file then costs the members on its way, not the file. (A whole tree of such a file
 * takes seconds and hundreds of megabytes, and finding each of thousands of placeholders by a
 * scan from the start would grow with the square of the file's size.)
 *
 * Strict JSON only, as JSON.parse takes it (a byte-order mark before it allowed): anything else
 * throws NotStrictJson, and the caller falls back on a forgiving parser.
 */

/** A member of an object or an item of an array: where its name (objects) and its value start. */
export interface Member {
  name?: string;
  nameOffset?: number;
  valueOffset: number;
}

/** The text is not strict JSON where a member was looked for. */
export class NotStrictJson extends Error {}

const quote = 34;
const backslash = 92;
const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

/** Offsets of values in one text. */
export class JsonOffsets {
  private readonly members = new Map<number, Member[]>();
  /** Where the top value starts, or -1 for a text with none. */
  readonly root: number;

  constructor(private readonly text: string) {
    let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    at = this.skipSpace(at);
    this.root = at < text.length ? at : -1;
  }

  /** Whether the value at `offset` is an object, an array or neither. */
  kindAt(offset: number): "object" | "array" | undefined {
    const code = this.text.charCodeAt(offset);
    return code === 123 ? "object" : code === 91 ? "array" : undefined;
  }

  /** The members of the object or array starting at `offset`, in the order the text has them. */
  membersOf(offset: number): Member[] {
    const known = this.members.get(offset);
    if (known) return known;
    return this.readMembers(offset, 2).list;
  }

  /**
   * Lists the members of the container at `offset` and keeps the list; `deeper` levels down, the
   * members of its members that are containers too, read as they are skipped over. Two levels: the
   * way to a value of each treatment of a collection file (file, list, treatment) reads the file
   * once, where one level read each treatment twice (skipped over in the list, then listed).
   * Returns where the container ends.
   */
  private readMembers(offset: number, deeper: number): { list: Member[]; end: number } {
    const { text } = this;
    const object = this.kindAt(offset) === "object";
    const close = object ? 125 : 93;
    const list: Member[] = [];
    this.members.set(offset, list);
    let at = this.skipSpace(offset + 1);
    if (text.charCodeAt(at) === close) return { list, end: at + 1 };
    for (;;) {
      const member: Member = { valueOffset: 0 };
      if (object) {
        if (text.charCodeAt(at) !== quote) throw new NotStrictJson();
        const end = this.skipString(at);
        member.name = this.nameOf(at, end);
        member.nameOffset = at;
        at = this.skipSpace(end);
        if (text.charCodeAt(at) !== 58) throw new NotStrictJson();
        at = this.skipSpace(at + 1);
      }
      member.valueOffset = at;
      list.push(member);
      const end =
        deeper > 0 && this.kindAt(at) && !this.members.has(at)
          ? this.readMembers(at, deeper - 1).end
          : this.skipValue(at);
      at = this.skipSpace(end);
      const code = text.charCodeAt(at);
      if (code === close) return { list, end: at + 1 };
      if (code !== 44) throw new NotStrictJson();
      at = this.skipSpace(at + 1);
    }
  }

  /** A member's name: its text between the quotes, decoded when it holds an escape. */
  private nameOf(start: number, end: number): string {
    const raw = this.text.slice(start + 1, end - 1);
    return raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  private skipSpace(at: number): number {
    while (at < this.text.length && isSpace(this.text.charCodeAt(at))) at++;
    return at;
  }

  /** The offset just after the string whose opening quote is at `at`. */
  private skipString(at: number): number {
    const { text } = this;
    let from = at + 1;
    for (;;) {
      const end = text.indexOf('"', from);
      if (end === -1) throw new NotStrictJson();
      // A quote after an odd number of backslashes is part of the string.
      let slashes = 0;
      while (text.charCodeAt(end - 1 - slashes) === backslash) slashes++;
      if (slashes % 2 === 0) return end + 1;
      from = end + 1;
    }
  }

  /** The offset just after the value starting at `at`. */
  private skipValue(at: number): number {
    const { text } = this;
    const first = text.charCodeAt(at);
    if (first === quote) return this.skipString(at);
    if (first === 123 || first === 91) {
      let depth = 0;
      for (let i = at; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code === quote) i = this.skipString(i) - 1;
        else if (code === 123 || code === 91) depth++;
        else if (code === 125 || code === 93) {
          depth--;
          if (depth === 0) return i + 1;
        } else if (code === 47) throw new NotStrictJson();
      }
      throw new NotStrictJson();
    }
    // A number, true, false or null: up to the next separator.
    if (!(first === 45 || (first >= 48 && first <= 57) || first === 116 || first === 102 || first === 110))
      throw new NotStrictJson();
    let i = at;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === 44 || code === 125 || code === 93 || isSpace(code)) break;
      if (code === 47 || code === quote) throw new NotStrictJson();
      i++;
    }
    if (i === at) throw new NotStrictJson();
    return i;
  }
}
