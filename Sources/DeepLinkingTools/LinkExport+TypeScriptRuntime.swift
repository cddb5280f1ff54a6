/// The printer that each exported TypeScript module carries after its table: the steps of
/// `LinkPrinter` and `DeepLinkBuilder`, and the matching that finds a route winning over the
/// printed one.
let typeScriptRuntime = #"""
  // ---- The printer: the same steps as the Swift package's, over the table above. ----

  /** Why a link does not print: `code` is the Swift `DeepLinkError.Code` for the same refusal. */
  export class DeepLinkExportError extends Error {
    constructor(
      readonly code: string,
      message: string,
    ) {
      super(message);
      this.name = "DeepLinkExportError";
    }
  }

  type ExportOp = {
    k: "literal" | "parameter" | "wildcard" | "rest";
    text: string;
    converter: string;
    optional: boolean;
    rank: [number, number, string];
  };
  type ExportQueryOp = { key: string; op: ExportOp };
  type ExportSlot = { in: "path"; index: number } | { in: "query"; item: string; bound: boolean }
    | { in: "fragment" };
  type ExportValueType =
    | { kind: "string" | "bool" | "double" | "float" | "uuid" | "date" | "url" | "subdomain" }
    | { kind: "integer"; bits: number; signed: boolean }
    | { kind: "value" | "enum"; name: string; values: (string | number)[] | null; integer: boolean }
    | { kind: "array"; element: ExportValueType }
    | { kind: "link"; name: string };
  type ExportField = { label: string; type: ExportValueType; optional: boolean; slot: ExportSlot | null };
  type ExportLevel = {
    case: string; ops: ExportOp[]; query: ExportQueryOp[]; fragment: ExportOp | null;
    subdomain: string | null; fields: ExportField[];
  };
  type ExportRoute = {
    name: string; pattern: string; cases: string[]; alias: boolean; rivals: boolean;
    requirements: number; ops: ExportOp[]; query: ExportQueryOp[]; fragment: ExportOp | null; levels: ExportLevel[];
  };
  type ExportTable = {
    type: string; scheme: string; hosts: string[]; ignoresPathCase: boolean;
    urlSchemes: string[]; maximumURLLength: number; routes: ExportRoute[];
    cases: Record<string, Record<string, ExportField[]>>;
  };
  type ExportItem = { name: string; value: string };
  type ExportEncoded = {
    caseName: string;
    values: { label: string; texts: string[]; isArray: boolean }[];
    mounted: ExportEncoded | null;
  };
  type ExportParts = {
    host: string; segments: string[]; query: ExportItem[]; fragment: string | null;
    subdomain: ExportItem | null;
  };

  function fail(code: string, message: string): never {
    throw new DeepLinkExportError(code, message);
  }

  function quoted(text: string): string {
    return JSON.stringify(text);
  }

  // ---- Values ----

  const REFERENCE_OFFSET = 978307200;

  /** Swift's `description` of a finite number: shortest digits, `1e+16`, `0.0001`, `1e-05`. */
  function swiftNumber(value: number, isFloat: boolean): string {
    if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
    let digits = "";
    let exponent = 0;
    const magnitude = Math.abs(value);
    if (isFloat) {
      for (let precision = 1; precision <= 9; precision++) {
        let text = magnitude.toExponential(precision - 1);
        if (Math.fround(Number(text)) !== magnitude) continue;
        // Between two as near, Swift takes the even digit; `toExponential` the larger.
        const [longer, power] = magnitude.toExponential(precision).split("e");
        const kept = longer.slice(0, -1).replace(/\.$/, "");
        if (longer.endsWith("5") && Number(longer + "e" + power) === magnitude
          && Number(kept[kept.length - 1]) % 2 === 0) {
          text = kept + "e" + power;
        }
        [digits, exponent] = splitExponential(text);
        break;
      }
    } else {
      [digits, exponent] = splitExponential(magnitude.toExponential());
    }
    digits = digits.replace(/0+$/, "") || "0";
    const sign = value < 0 ? "-" : "";
    const limit = isFloat ? 16777216 : 9007199254740992;
    if (exponent < -4 || magnitude > limit) {
      const mantissa = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
      const power = String(Math.abs(exponent)).padStart(2, "0");
      return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + power;
    }
    if (exponent < 0) return sign + "0." + "0".repeat(-exponent - 1) + digits;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
    return sign + whole + "." + (digits.slice(exponent + 1) || "0");
  }

  function splitExponential(text: string): [string, number] {
    const [mantissa, power] = text.split("e");
    return [mantissa.replace(".", ""), Number(power)];
  }

  function civil(days: number): [number, number, number] {
    const z = days + 719468;
    const era = Math.floor(z / 146097);
    const dayOfEra = z - era * 146097;
    const yearOfEra = Math.floor(
      (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524)
        - Math.floor(dayOfEra / 146096)) / 365);
    const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4)
      - Math.floor(yearOfEra / 100));
    const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
    const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
    const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
    return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
  }

  /** ISO 8601 in UTC with the fraction digits that read back the same instant, as Swift prints
   * `Date(timeIntervalSince1970: milliseconds / 1000)`. */
  function dateText(date: Date, label: string): string {
    const interval = date.getTime() / 1000 - REFERENCE_OFFSET;
    if (!Number.isFinite(interval) || Math.abs(interval) >= 400000000000) {
      valueFail(label, "a date in the years 1 to 9999");
    }
    const whole = Math.floor(interval);
    const fraction = interval - whole;
    const unix = whole + REFERENCE_OFFSET;
    const days = Math.floor(unix / 86400);
    const second = unix - days * 86400;
    const [year, month, day] = civil(days);
    if (year < 1 || year > 9999) valueFail(label, "a date in the years 1 to 9999");
    const two = (n: number) => String(n).padStart(2, "0");
    let text = String(year).padStart(4, "0") + "-" + two(month) + "-" + two(day) + "T"
      + two(Math.floor(second / 3600)) + ":" + two(Math.floor(second / 60) % 60) + ":"
      + two(second % 60);
    if (fraction > 0) {
      const [digits, exponent] = splitExponential(fraction.toExponential());
      const fractionDigits = "0".repeat(-exponent - 1) + digits;
      if (whole + Number("0." + fractionDigits) !== interval) {
        valueFail(label, "a date that prints exactly (it printed " + text + "." + fractionDigits
          + "Z)");
      }
      text += "." + fractionDigits;
    }
    return text + "Z";
  }

  function valueFail(label: string, expected: string): never {
    fail("invalidRoute", "value " + quoted(label) + " does not print: expected " + expected);
  }

  const NEVER_URL_SCHEMES = ["javascript", "data", "file"];

  function urlText(text: string, label: string, schemes: string[]): string {
    const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text);
    if (!match) valueFail(label, "a URL with a scheme");
    const scheme = match[1].toLowerCase();
    if (NEVER_URL_SCHEMES.includes(scheme) || !schemes.includes(scheme)) {
      valueFail(label, "a URL of scheme " + schemes.filter((s) => !NEVER_URL_SCHEMES.includes(s))
        .join(", "));
    }
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) || !isReadableURL(text, scheme)) {
      valueFail(label, "a URL the app reads as written");
    }
    return text;
  }

  /** Whether the Swift package's reader takes `text`, as it reads a `URL` value before printing
   * it: a scheme; on a custom scheme no port, user or bracket in the host; on http(s) a port up
   * to 65535 and a host of labels (`xn--` labels and IPv6 addresses are taken as written), an
   * IPv4 address only in dotted decimal; escapes of valid UTF-8 and no control character. */
  function isReadableURL(text: string, scheme: string): boolean {
    const bytes = encoder.encode(text);
    if (bytes.length > 8192) return false;
    const isWeb = scheme === "http" || scheme === "https";
    const isSpecial = isWeb || ["file", "ftp", "ws", "wss"].includes(scheme);
    let index = scheme.length + 1;
    const escapes = new EscapeState();
    if (bytes[index] === 0x2f && bytes[index + 1] === 0x2f) {
      index += 2;
      const start = index;
      let portStart = -1;
      let inBrackets = false;
      for (; index < bytes.length; index++) {
        const byte = bytes[index];
        if (byte === 0x2f || byte === 0x3f || byte === 0x23) break;
        if (" <>[\\]^|".includes(String.fromCharCode(byte)) && !isSpecial) return false;
        if (byte === 0x40) return false;
        if (byte === 0x5b || byte === 0x5d) inBrackets = byte === 0x5b;
        if (byte === 0x3a && portStart < 0 && !inBrackets) {
          portStart = index + 1;
        } else if (byte < 0x41 || byte === 0x7f) {
          if (!escapes.step(bytes, index)) return false;
          if (byte === 0x25) index += 2;
        } else if (escapes.remaining > 0) {
          return false;
        }
      }
      if (escapes.remaining > 0) return false;
      const host = text.slice(start, portStart < 0 ? index : portStart - 1);
      if (portStart >= 0) {
        const port = text.slice(portStart, index);
        if (!isWeb || !/^[0-9]{1,5}$/.test(port) || Number(port) > 65535) return false;
      }
      if (isWeb && host === "") return false;
      if (isSpecial && host !== "" && !isWebHost(host)) return false;
    } else if (isWeb) {
      return false;
    }
    for (; index < bytes.length; index++) {
      const byte = bytes[index];
      if ((byte === 0x3f || byte === 0x23) && escapes.remaining > 0) return false;
      if (!escapes.step(bytes, index)) return false;
      if (byte === 0x25) index += 2;
    }
    return escapes.remaining === 0;
  }

  /** Whether `host` is a name, IPv4 or IPv6 address that a browser writes as it is written. */
  function isWebHost(host: string): boolean {
    if (host.startsWith("[")) return /^\[[0-9A-Fa-f:.]+\]$/.test(host);
    const labels = host.split(".");
    if (labels.some((label) => !/^[A-Za-z0-9_-]+$/.test(label))) return false;
    const last = labels[labels.length - 1];
    if (!/^([0-9]+|0[xX][0-9A-Fa-f]*)$/.test(last)) return true;
    return labels.length === 4
      && labels.every((label) => /^(0|[1-9][0-9]{0,2})$/.test(label) && Number(label) <= 255);
  }

  /** Percent escapes and the UTF-8 they spell, as the package's reader checks them. */
  class EscapeState {
    remaining = 0;
    private lower = 0x80;
    private upper = 0xbf;

    /** Whether the byte at `index` (an escape's `%`, or a plain byte) may come next. */
    step(bytes: Uint8Array, index: number): boolean {
      const byte = bytes[index];
      if (byte !== 0x25) return byte >= 0x20 && byte !== 0x7f && this.remaining === 0;
      const hex = String.fromCharCode(bytes[index + 1] ?? 0, bytes[index + 2] ?? 0);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return false;
      const value = parseInt(hex, 16);
      if (this.remaining > 0) {
        if (value < this.lower || value > this.upper) return false;
        this.remaining -= 1;
        [this.lower, this.upper] = [0x80, 0xbf];
        return true;
      }
      if (value < 0x20 || value === 0x7f) return false;
      if (value < 0x80) return true;
      if (value >= 0xc2 && value <= 0xdf) this.remaining = 1;
      else if (value === 0xe0) [this.remaining, this.lower] = [2, 0xa0];
      else if (value === 0xed) [this.remaining, this.upper] = [2, 0x9f];
      else if (value >= 0xe1 && value <= 0xef) this.remaining = 2;
      else if (value === 0xf0) [this.remaining, this.lower] = [3, 0x90];
      else if (value >= 0xf1 && value <= 0xf3) this.remaining = 3;
      else if (value === 0xf4) [this.remaining, this.upper] = [3, 0x8f];
      else return false;
      return true;
    }
  }

  function subdomainText(label: string, name: string): string {
    if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label) || label.startsWith("xn--")) {
      valueFail(name, "a subdomain: a DNS label of a-z, 0-9 and -");
    }
    return label;
  }

  function integerText(value: unknown, bits: number, signed: boolean, label: string): string {
    let big: bigint;
    if (typeof value === "bigint") {
      big = value;
    } else if (typeof value === "number" && Number.isSafeInteger(value)) {
      big = BigInt(value);
    } else {
      return valueFail(label, "an integer (a bigint beyond 2^53)");
    }
    const low = signed ? -(1n << BigInt(bits - 1)) : 0n;
    const high = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
    if (big < low || big > high) valueFail(label, "an integer from " + low + " to " + high);
    return big.toString();
  }

  function scalarText(type: ExportValueType, value: unknown, label: string, table: ExportTable): string {
    switch (type.kind) {
      case "string":
      case "value":
        if (typeof value !== "string") valueFail(label, "a string");
        return value;
      case "enum":
        if (type.values !== null && !type.values.includes(value as string | number)) {
          valueFail(label, "one of " + type.values.map((v) => JSON.stringify(v)).join(", "));
        }
        return String(value);
      case "bool":
        return value ? "true" : "false";
      case "double":
      case "float": {
        const number = Number(value);
        if (!Number.isFinite(number)) valueFail(label, "a finite number");
        return swiftNumber(type.kind === "float" ? Math.fround(number) : number,
          type.kind === "float");
      }
      case "integer":
        return integerText(value, type.bits, type.signed, label);
      case "uuid":
        if (typeof value !== "string" || !/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(value))
        {
          return valueFail(label, "a UUID");
        }
        return value.toUpperCase();
      case "date":
        if (!(value instanceof Date)) valueFail(label, "a Date");
        return dateText(value, label);
      case "url":
        if (typeof value !== "string") valueFail(label, "a URL string");
        return urlText(value, label, table.urlSchemes);
      case "subdomain":
        if (typeof value !== "string") valueFail(label, "a subdomain");
        return subdomainText(value, label);
      default:
        return valueFail(label, "a value");
    }
  }

  function encode(table: ExportTable, typeName: string, link: Record<string, unknown>): ExportEncoded {
    const caseName = String(link.case);
    const fields = table.cases[typeName]?.[caseName];
    if (!fields) fail("invalidRoute", typeName + " has no case " + quoted(caseName));
    const encoded: ExportEncoded = { caseName, values: [], mounted: null };
    for (const field of fields) {
      const value = link[field.label];
      if (value === undefined || value === null) {
        if (!field.optional) valueFail(field.label, "a value (it is not optional)");
        continue;
      }
      const type = field.type;
      if (type.kind === "link") {
        encoded.mounted = encode(table, type.name, value as Record<string, unknown>);
      } else if (type.kind === "array") {
        if (!Array.isArray(value)) valueFail(field.label, "an array");
        if (field.optional && value.length === 0) {
          valueFail(field.label, "an array with elements, or nil (an empty array reads as nil)");
        }
        const texts = value.map((element) => scalarText(type.element, element, field.label, table));
        encoded.values.push({ label: field.label, texts, isArray: true });
      } else {
        const text = scalarText(type, value, field.label, table);
        encoded.values.push({ label: field.label, texts: [text], isArray: false });
      }
    }
    return encoded;
  }

  // ---- Routes ----

  function accepts(converter: string, text: string): boolean {
    // Not empty; a dot segment never reaches here (printing refuses one in the path, and a
    // query item or the fragment may be a dot).
    if (text === "") return false;
    switch (converter) {
      case "int":
        return /^-?[0-9]+$/.test(text) && BigInt(text) >= -(1n << 63n)
          && BigInt(text) < (1n << 63n);
      case "float":
        return /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(text)
          && Number.isFinite(Number(text));
      case "uuid":
        return /^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$/.test(text);
      default:
        // A string, a path, or a converter of the app's own (taken to accept any text).
        return true;
    }
  }

  function slotOf(level: ExportLevel, label: string): ExportSlot {
    return level.fields.find((field) => field.label === label)?.slot
      ?? { in: "query", item: label, bound: false };
  }

  function sameSlot(a: ExportSlot | null, b: ExportSlot): boolean {
    return a !== null && JSON.stringify(a) === JSON.stringify(b);
  }

  function printParts(route: ExportRoute, link: ExportEncoded): ExportParts {
    const parts: string[] = [];
    const query: ExportItem[] = [];
    for (const level of route.levels) {
      for (const op of level.query) {
        if (op.op.k === "literal") query.push({ name: op.key, value: op.op.text });
      }
    }
    let fragment: string | null = null;
    let subdomain: ExportItem | null = null;
    let current: ExportEncoded | null = link;
    for (const level of route.levels) {
      if (current === null) break;
      const start = query.length;
      const taken = addPath(level, current, route, parts);
      current.values.forEach((value, index) => {
        if (taken.includes(index)) return;
        if (value.label === level.subdomain) {
          subdomain = { name: value.label, value: value.texts[0] };
          return;
        }
        const slot = slotOf(level, value.label);
        if (slot.in === "fragment") {
          fragment = boundText(value.texts, level.fragment, "fragment", route);
          return;
        }
        let item = value.label;
        if (slot.in === "query" && slot.bound) {
          const op = level.query.find((q) => q.op.k !== "literal" && q.op.text === value.label);
          boundText(value.texts, op?.op ?? null, "query item " + quoted(slot.item), route);
          item = slot.item;
        }
        if (route.levels.length > 1 && query.slice(0, start).some((q) => q.name === item)) {
          fail("invalidRoute", "route " + quoted(route.pattern) + " has query item " + quoted(item)
            + " at two levels");
        }
        for (const text of value.texts) query.push({ name: item, value: text });
      });
      refuseMissingBoundValues(level, current, route);
      current = current.mounted;
    }
    const host = parts.length > 0 ? parts[0] : "";
    return { host, segments: parts.slice(1), query, fragment, subdomain };
  }

  function addPath(level: ExportLevel, link: ExportEncoded, route: ExportRoute, parts: string[]): number[] {
    const taken: number[] = [];
    let parameter = 0;
    let absent: string | null = null;
    for (const op of level.ops) {
      if (op.k === "literal") {
        parts.push(op.text);
        continue;
      }
      if (op.k === "wildcard") continue;
      const slot: ExportSlot = { in: "path", index: parameter++ };
      const index = link.values.findIndex(
        (value, i) => !taken.includes(i) && sameSlot(slotOf(level, value.label), slot));
      const isNil = index < 0
        && level.fields.some((field) => field.optional && sameSlot(field.slot, slot));
      if (isNil && op.optional) {
        absent = absent ?? op.text;
        continue;
      }
      if (absent !== null) {
        fail("unprintable", "parameter " + quoted(op.text) + " of " + quoted(route.pattern)
          + " has a value after " + quoted(absent) + ", which is nil");
      }
      if (isNil) {
        fail("unprintable", "path parameter " + quoted(op.text) + " of " + quoted(route.pattern)
          + " is nil");
      }
      if (index < 0 || link.values[index].isArray || link.values[index].texts.length === 0) {
        fail("invalidRoute", "path parameter " + quoted(op.text) + " of " + quoted(route.pattern)
          + " takes one value");
      }
      taken.push(index);
      const text = link.values[index].texts[0];
      if (op.optional && text === "") {
        fail("unprintable", "optional parameter " + quoted(op.text) + " of "
          + quoted(route.pattern) + " is empty; nil prints nothing");
      }
      if (parts.length === 0 && text === "") {
        fail("unprintable", "the host is empty: value " + quoted(op.text) + " is empty");
      }
      if (op.k === "rest") {
        parts.push(...text.split("/"));
        continue;
      }
      checkConverter(text, op.converter, "path segment " + (parts.length + 1));
      parts.push(text);
    }
    return taken;
  }

  function checkConverter(text: string, converter: string, component: string): void {
    if (converter !== "string" && text !== "" && !accepts(converter, text)) {
      fail("unprintable", component + " " + quoted(text) + " is not a valid " + converter);
    }
  }

  function boundText(texts: string[], op: ExportOp | null, component: string, route: ExportRoute)
    : string | null {
    if (texts.some((text) => text === "")) {
      fail("unprintable", component + " of " + quoted(route.pattern) + " is empty");
    }
    if (texts.length === 0) return null;
    if (op !== null) checkConverter(texts[0], op.converter, component);
    return texts[0];
  }

  function refuseMissingBoundValues(level: ExportLevel, link: ExportEncoded, route: ExportRoute): void {
    const bound = level.query.map((q) => q.op).concat(level.fragment ? [level.fragment] : []);
    for (const op of bound) {
      if (op.k === "literal" || op.k === "wildcard" || op.optional) continue;
      const optional = level.fields.some((field) => field.optional && field.label === op.text);
      if (optional && !link.values.some((value) => value.label === op.text)) {
        fail("unprintable", "value " + quoted(op.text) + " of " + quoted(route.pattern)
          + " is nil, and the route requires it");
      }
    }
  }

  // ---- Writing ----

  const encoder = new TextEncoder();

  function percentEncoded(text: string): string {
    let result = "";
    for (const byte of encoder.encode(text)) {
      const c = String.fromCharCode(byte);
      result += /[A-Za-z0-9._~-]/.test(c)
        ? c : "%" + byte.toString(16).toUpperCase().padStart(2, "0");
    }
    return result;
  }

  function writePart(text: string, component: string, isSegment: boolean): string {
    if (/[\u0000-\u001f\u007f]/.test(text)) {
      fail("unprintable", component + " " + quoted(text) + " has a control character");
    }
    if (isSegment && (text === "" || text === "." || text === "..")) {
      fail("unprintable", component + " " + quoted(text) + " is empty or a dot segment");
    }
    return percentEncoded(text);
  }

  /** The custom-scheme form, where a subdomain is a query item after the others. */
  function customForm(parts: ExportParts): ExportParts {
    return parts.subdomain === null
      ? parts : { ...parts, query: [...parts.query, parts.subdomain], subdomain: null };
  }

  function writeLink(prefix: string, parts: ExportParts, limit: number): string {
    let url = prefix;
    if (parts.host !== "" || parts.segments.length > 0) url += writePart(parts.host, "host", true);
    parts.segments.forEach((segment, index) => {
      url += "/" + writePart(segment, "path segment " + (index + 2), true);
    });
    parts.query.forEach((item, index) => {
      const component = "query item " + quoted(item.name);
      url += (index === 0 ? "?" : "&") + writePart(item.name, component, false) + "="
        + writePart(item.value, component, false);
    });
    if (parts.fragment !== null) url += "#" + writePart(parts.fragment, "fragment", false);
    const length = encoder.encode(url).length;
    if (length > limit) {
      fail("unprintable", "the URL is " + length + " bytes, over the " + limit + " the app reads");
    }
    return url;
  }

  // ---- The route a printed link decodes through ----

  function equalFolding(a: string, b: string, fold: boolean): boolean {
    const lower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
    return fold ? lower(a) === lower(b) : a === b;
  }

  function matches(route: ExportRoute, parts: ExportParts, table: ExportTable): boolean {
    const links = parts.host === "" && parts.segments.length === 0
      ? [] : [parts.host, ...parts.segments];
    let index = 0;
    for (const op of route.ops) {
      if (index >= links.length) return op.optional;
      const text = links[index];
      if (op.k === "literal") {
        if (!equalFolding(text, op.text, table.ignoresPathCase || index === 0)) return false;
      } else if (op.k === "wildcard") {
        if (text === "") return false;
      } else if (op.k === "rest") {
        if (!links.slice(index).every((segment) => accepts("path", segment))) return false;
        index = links.length - 1;
      } else if (!accepts(op.converter, text)) {
        return false;
      }
      index += 1;
    }
    if (index < links.length) return false;
    for (const queryOp of route.query) {
      const op = queryOp.op;
      let found = false;
      for (const item of parts.query) {
        if (item.name !== queryOp.key || (found && op.k !== "literal")) continue;
        const fits = op.k === "literal" ? item.value === op.text : accepts(op.converter, item.value);
        if (!fits && !op.optional) return false;
        found = true;
      }
      if (!found && !op.optional) return false;
    }
    const op = route.fragment;
    if (op === null) return true;
    if (parts.fragment === null || parts.fragment === "") return op.optional;
    return accepts(op.converter, parts.fragment) || op.optional;
  }

  function compareRanks(a: [number, number, string], b: [number, number, string]): number {
    if (a[0] !== b[0]) return a[0] - b[0];
    if (a[1] !== b[1]) return a[1] - b[1];
    return a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0;
  }

  function precedes(table: ExportTable, left: number, right: number, linkCount: number): boolean {
    const [l, r] = [table.routes[left], table.routes[right]];
    const count = Math.min(l.ops.length, r.ops.length, linkCount);
    for (let position = 0; position < count; position++) {
      const order = compareRanks(l.ops[position].rank, r.ops[position].rank);
      if (order !== 0) return order < 0;
      if (l.ops[position].k === "rest") break;
    }
    if (l.requirements !== r.requirements) return l.requirements > r.requirements;
    return left < right;
  }

  function refuseRivals(table: ExportTable, index: number, parts: ExportParts, url: string): void {
    const route = table.routes[index];
    if (!route.rivals) return;
    const linkCount = parts.host === "" && parts.segments.length === 0
      ? 0 : 1 + parts.segments.length;
    let best = -1;
    table.routes.forEach((candidate, i) => {
      if (matches(candidate, parts, table) && (best < 0 || precedes(table, i, best, linkCount))) {
        best = i;
      }
    });
    if (best >= 0 && best !== index) {
      fail("unprintable", quoted(url) + " would decode as " + quoted(table.routes[best].name)
        + " (" + quoted(table.routes[best].pattern) + ", which wins over "
        + quoted(route.pattern) + ")");
    }
  }

  // ---- Entry points ----

  function print(table: ExportTable, link: Record<string, unknown>): ExportParts {
    const encoded = encode(table, table.type, link);
    const names: string[] = [];
    for (let level: ExportEncoded | null = encoded; level !== null; level = level.mounted) {
      names.push(level.caseName);
    }
    const index = table.routes.findIndex(
      (route) => !route.alias && route.cases.join(".") === names.join("."));
    if (index < 0) fail("invalidRoute", "no route prints " + quoted(names.join(".")));
    const parts = printParts(table.routes[index], encoded);
    const custom = customForm(parts);
    const url = writeLink(table.scheme + "://", custom, table.maximumURLLength);
    refuseRivals(table, index, custom, url);
    return parts;
  }

  function customSchemeURL(table: ExportTable, link: Record<string, unknown>): string {
    return writeLink(table.scheme + "://", customForm(print(table, link)), table.maximumURLLength);
  }

  function universalURL(table: ExportTable, link: Record<string, unknown>, host?: string): string {
    const given = host === undefined ? undefined
      : host.split("/").filter((part) => part !== "").map((part, i) => i === 0
        ? part.toLowerCase() : part).join("/");
    if (given === undefined && table.hosts.length === 0) {
      fail("host", table.type + " has no universal-link hosts");
    }
    const parts = print(table, link);
    const subdomain = parts.subdomain;
    const isWildcard = subdomain !== null;
    let website = given;
    if (isWildcard && website !== undefined && !website.startsWith("*.")
      && table.hosts.includes("*." + website)) {
      website = "*." + website;
    }
    website = website ?? table.hosts.find((h) => h.startsWith("*.") === isWildcard);
    if (website === undefined) {
      fail("host", isWildcard ? table.type + " has no *. host for a subdomain"
        : table.type + " has only *. hosts");
    }
    if (!table.hosts.includes(website)) {
      fail("host", "host " + quoted(host ?? "") + " is not one of " + table.hosts.join(", "));
    }
    const slash = website.indexOf("/");
    let name = slash < 0 ? website : website.slice(0, slash);
    const prefix = slash < 0 ? "" : website.slice(slash);
    if (subdomain !== null) {
      name = subdomain.value + "." + name.replace(/^\*\./, "");
    } else if (name.startsWith("*.")) {
      fail("unprintable", "a *. host prints only a link with a subdomain");
    }
    return writeLink("https://" + name + prefix + "/", parts, table.maximumURLLength);
  }
  """#
