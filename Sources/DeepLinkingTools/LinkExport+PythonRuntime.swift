/// The printer that each exported Python module carries after its table: the same steps as
/// the TypeScript module's (`typeScriptRuntime`), in Python 3.9 with the standard library.
let pythonRuntime = #"""
  # ---- The printer: the same steps as the Swift package's, over the table above. ----


  class DeepLinkExportError(Exception):
      """Why a link does not print: `code` is the Swift `DeepLinkError.Code` of the same refusal."""

      def __init__(self, code: str, message: str) -> None:
          super().__init__(message)
          self.code = code


  _Json = Any
  _Encoded = Dict[str, Any]


  def _fail(code: str, message: str) -> NoReturn:
      raise DeepLinkExportError(code, message)


  def _quoted(text: str) -> str:
      return json.dumps(text, ensure_ascii=False)


  def _value_fail(label: str, expected: str) -> NoReturn:
      _fail("invalidRoute", "value " + _quoted(label) + " does not print: expected " + expected)


  # ---- Values ----

  _REFERENCE_OFFSET = 978307200
  _EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


  def _float32(value: float) -> float:
      return float(struct.unpack("f", struct.pack("f", value))[0])


  def _swift_number(value: float, is_float: bool) -> str:
      """Swift's `description` of a finite number: shortest digits, `1e+16`, `0.0001`, `1e-05`."""
      if value == 0:
          return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
      magnitude = abs(value)
      text = repr(magnitude)
      if is_float:
          for precision in range(1, 10):
              text = "%.*e" % (precision - 1, magnitude)
              if _float32(float(text)) == magnitude:
                  break
      mantissa, _, power = text.partition("e")
      whole, _, rest = mantissa.partition(".")
      exponent = len(whole) - 1 + (int(power) if power else 0)
      stripped = (whole + rest).lstrip("0")
      exponent -= len(whole + rest) - len(stripped)
      digits = stripped.rstrip("0") or "0"
      sign = "-" if value < 0 else ""
      limit = 16777216.0 if is_float else 9007199254740992.0
      if exponent < -4 or magnitude > limit:
          shown = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
          return sign + shown + "e" + ("-" if exponent < 0 else "+") + "%02d" % abs(exponent)
      if exponent < 0:
          return sign + "0." + "0" * (-exponent - 1) + digits
      return sign + digits[: exponent + 1].ljust(exponent + 1, "0") + "." + (
          digits[exponent + 1:] or "0")


  def _civil(days: int) -> Tuple[int, int, int]:
      z = days + 719468
      era = z // 146097
      day_of_era = z - era * 146097
      year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36524
                     - day_of_era // 146096) // 365
      day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
      month_index = (5 * day_of_year + 2) // 153
      day = day_of_year - (153 * month_index + 2) // 5 + 1
      month = month_index + 3 if month_index < 10 else month_index - 9
      return year_of_era + era * 400 + (1 if month <= 2 else 0), month, day


  def _date_text(date: datetime.datetime, label: str) -> str:
      """ISO 8601 in UTC with the fraction digits that read back the same instant, as Swift prints
      `Date(timeIntervalSince1970: microseconds / 1e6)`."""
      if date.tzinfo is None:
          _value_fail(label, "an aware datetime (with a time zone)")
      microseconds = (date - _EPOCH) // datetime.timedelta(microseconds=1)
      interval = float(microseconds) / 1e6 - _REFERENCE_OFFSET
      if not math.isfinite(interval) or abs(interval) >= 400000000000:
          _value_fail(label, "a date in the years 1 to 9999")
      whole = math.floor(interval)
      fraction = interval - whole
      unix = whole + _REFERENCE_OFFSET
      days = unix // 86400
      second = unix - days * 86400
      year, month, day = _civil(days)
      if year < 1 or year > 9999:
          _value_fail(label, "a date in the years 1 to 9999")
      text = "%04d-%02d-%02dT%02d:%02d:%02d" % (
          year, month, day, second // 3600, second // 60 % 60, second % 60)
      if fraction > 0:
          mantissa, _, power = ("%r" % fraction).partition("e")
          if power:
              digits = "0" * (-int(power) - 1) + mantissa.replace(".", "")
          else:
              digits = mantissa[2:]
          if whole + float("0." + digits) != interval:
              _value_fail(label, "a date that prints exactly (it printed " + text + "." + digits
                          + "Z)")
          text += "." + digits
      return text + "Z"


  _NEVER_URL_SCHEMES = ["javascript", "data", "file"]


  def _url_text(text: str, label: str, schemes: List[str]) -> str:
      match = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", text)
      if match is None:
          _value_fail(label, "a URL with a scheme")
      scheme = match.group(1).lower()
      if scheme in _NEVER_URL_SCHEMES or scheme not in schemes:
          _value_fail(label, "a URL of scheme " + ", ".join(
              s for s in schemes if s not in _NEVER_URL_SCHEMES))
      if not _is_readable_url(text, scheme):
          _value_fail(label, "a URL the app reads as written")
      return text


  def _is_readable_url(text: str, scheme: str) -> bool:
      """Whether the Swift package's reader takes `text`, as it reads a `URL` value before printing
      it (see the TypeScript export for the rules)."""
      data = text.encode("utf-8")
      if len(data) > 8192:
          return False
      is_web = scheme in ("http", "https")
      is_special = is_web or scheme in ("file", "ftp", "ws", "wss")
      index = len(scheme) + 1
      escapes = _EscapeState()
      if data[index:index + 2] == b"//":
          index += 2
          start = index
          port_start = -1
          in_brackets = False
          while index < len(data):
              byte = data[index]
              if byte in (0x2F, 0x3F, 0x23):
                  break
              if chr(byte) in " <>[\\]^|" and not is_special:
                  return False
              if byte == 0x40:
                  return False
              if byte in (0x5B, 0x5D):
                  in_brackets = byte == 0x5B
              if byte == 0x3A and port_start < 0 and not in_brackets:
                  port_start = index + 1
              elif byte < 0x41 or byte == 0x7F:
                  if not escapes.step(data, index):
                      return False
                  if byte == 0x25:
                      index += 2
              elif escapes.remaining > 0:
                  return False
              index += 1
          if escapes.remaining > 0:
              return False
          host = data[start:(index if port_start < 0 else port_start - 1)].decode("utf-8")
          if port_start >= 0:
              port = data[port_start:index].decode("utf-8")
              if not is_web or not re.fullmatch(r"[0-9]{1,5}", port) or int(port) > 65535:
                  return False
          if is_web and host == "":
              return False
          if is_special and host != "" and not _is_web_host(host):
              return False
      elif is_web:
          return False
      while index < len(data):
          byte = data[index]
          if byte in (0x3F, 0x23) and escapes.remaining > 0:
              return False
          if not escapes.step(data, index):
              return False
          if byte == 0x25:
              index += 2
          index += 1
      return escapes.remaining == 0


  def _is_web_host(host: str) -> bool:
      if host.startswith("["):
          return re.fullmatch(r"\[[0-9A-Fa-f:.]+\]", host) is not None
      labels = host.split(".")
      if any(re.fullmatch(r"[A-Za-z0-9_-]+", label) is None for label in labels):
          return False
      if re.fullmatch(r"[0-9]+|0[xX][0-9A-Fa-f]*", labels[-1]) is None:
          return True
      return len(labels) == 4 and all(
          re.fullmatch(r"0|[1-9][0-9]{0,2}", label) is not None and int(label) <= 255
          for label in labels)


  class _EscapeState:
      """Percent escapes and the UTF-8 they spell, as the package's reader checks them."""

      def __init__(self) -> None:
          self.remaining = 0
          self.lower = 0x80
          self.upper = 0xBF

      def step(self, data: bytes, index: int) -> bool:
          byte = data[index]
          if byte != 0x25:
              return byte >= 0x20 and byte != 0x7F and self.remaining == 0
          hex_digits = data[index + 1:index + 3]
          if re.fullmatch(rb"[0-9A-Fa-f]{2}", hex_digits) is None:
              return False
          value = int(hex_digits, 16)
          if self.remaining > 0:
              if value < self.lower or value > self.upper:
                  return False
              self.remaining -= 1
              self.lower, self.upper = 0x80, 0xBF
              return True
          if value < 0x20 or value == 0x7F:
              return False
          if value < 0x80:
              return True
          if 0xC2 <= value <= 0xDF:
              self.remaining = 1
          elif value == 0xE0:
              self.remaining, self.lower = 2, 0xA0
          elif value == 0xED:
              self.remaining, self.upper = 2, 0x9F
          elif 0xE1 <= value <= 0xEF:
              self.remaining = 2
          elif value == 0xF0:
              self.remaining, self.lower = 3, 0x90
          elif 0xF1 <= value <= 0xF3:
              self.remaining = 3
          elif value == 0xF4:
              self.remaining, self.upper = 3, 0x8F
          else:
              return False
          return True


  def _subdomain_text(label: str, name: str) -> str:
      if re.fullmatch(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?", label) is None or label.startswith(
              "xn--"):
          _value_fail(name, "a subdomain: a DNS label of a-z, 0-9 and -")
      return label


  def _scalar_text(type: _Json, value: Any, label: str) -> str:
      kind = type["kind"]
      if kind in ("string", "value"):
          if not isinstance(value, str):
              _value_fail(label, "a string")
          return value
      if kind == "enum":
          if type["values"] is not None and value not in type["values"]:
              _value_fail(label, "one of " + ", ".join(json.dumps(v) for v in type["values"]))
          return str(value)
      if kind == "bool":
          return "true" if value else "false"
      if kind in ("double", "float"):
          number = float(value)
          if not math.isfinite(number):
              _value_fail(label, "a finite number")
          if kind == "float":
              number = _float32(number)
          return _swift_number(number, kind == "float")
      if kind == "integer":
          if isinstance(value, bool) or not isinstance(value, int):
              _value_fail(label, "an integer")
          bits = int(type["bits"])
          low = -(1 << (bits - 1)) if type["signed"] else 0
          high = (1 << (bits - 1)) - 1 if type["signed"] else (1 << bits) - 1
          if value < low or value > high:
              _value_fail(label, "an integer from %d to %d" % (low, high))
          return str(value)
      if kind == "uuid":
          if not isinstance(value, uuid.UUID):
              _value_fail(label, "a UUID")
          return str(value).upper()
      if kind == "date":
          if not isinstance(value, datetime.datetime):
              _value_fail(label, "a datetime")
          return _date_text(value, label)
      if kind == "url":
          if not isinstance(value, str):
              _value_fail(label, "a URL string")
          return _url_text(value, label, _TABLE["urlSchemes"])
      if kind == "subdomain":
          if not isinstance(value, str):
              _value_fail(label, "a subdomain")
          return _subdomain_text(value, label)
      _value_fail(label, "a value")


  def _encode(link: Any) -> _Encoded:
      type_name, case_name, names = _CLASSES.get(type(link).__name__, ("", "", {}))
      fields = _TABLE["cases"].get(type_name, {}).get(case_name)
      if fields is None:
          _fail("invalidRoute", type(link).__name__ + " is not a link of " + _TABLE["type"])
      encoded: _Encoded = {"caseName": case_name, "values": [], "mounted": None}
      for field in fields:
          label = field["label"]
          value = getattr(link, names[label])
          if value is None:
              if not field["optional"]:
                  _value_fail(label, "a value (it is not optional)")
              continue
          kind = field["type"]["kind"]
          if kind == "link":
              encoded["mounted"] = _encode(value)
          elif kind == "array":
              if not isinstance(value, list):
                  _value_fail(label, "a list")
              if field["optional"] and len(value) == 0:
                  _value_fail(label, "a list with elements, or None (an empty list reads as None)")
              texts = [_scalar_text(field["type"]["element"], element, label) for element in value]
              encoded["values"].append({"label": label, "texts": texts, "isArray": True})
          else:
              encoded["values"].append(
                  {"label": label, "texts": [_scalar_text(field["type"], value, label)],
                   "isArray": False})
      return encoded


  # ---- Routes ----

  def _accepts(converter: str, text: str) -> bool:
      # Not empty; a dot segment never reaches here (printing refuses one in the path, and a
      # query item or the fragment may be a dot).
      if text == "":
          return False
      if converter == "int":
          return re.fullmatch(r"-?[0-9]+", text) is not None and -(1 << 63) <= int(text) < (1 << 63)
      if converter == "float":
          return re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?", text) is not None \
              and math.isfinite(float(text))
      if converter == "uuid":
          return re.fullmatch(
              r"[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}", text) is not None
      # A string, a path, or a converter of the app's own (taken to accept any text).
      return True


  def _slot_of(level: _Json, label: str) -> _Json:
      for field in level["fields"]:
          if field["label"] == label:
              return field["slot"]
      return {"in": "query", "item": label, "bound": False}


  def _print_parts(route: _Json, link: _Encoded) -> Dict[str, Any]:
      parts: List[str] = []
      query: List[Tuple[str, str]] = []
      for level in route["levels"]:
          for query_op in level["query"]:
              if query_op["op"]["k"] == "literal":
                  query.append((query_op["key"], query_op["op"]["text"]))
      fragment: Optional[str] = None
      subdomain: Optional[Tuple[str, str]] = None
      current: Optional[_Encoded] = link
      for level in route["levels"]:
          if current is None:
              break
          start = len(query)
          taken = _add_path(level, current, route, parts)
          for index, value in enumerate(current["values"]):
              if index in taken:
                  continue
              if value["label"] == level["subdomain"]:
                  subdomain = (value["label"], value["texts"][0])
                  continue
              slot = _slot_of(level, value["label"])
              if slot["in"] == "fragment":
                  fragment = _bound_text(value["texts"], level["fragment"], "fragment", route)
                  continue
              item = value["label"]
              if slot["in"] == "query" and slot["bound"]:
                  op = next((q["op"] for q in level["query"]
                             if q["op"]["k"] != "literal" and q["op"]["text"] == value["label"]),
                            None)
                  _bound_text(value["texts"], op, "query item " + _quoted(slot["item"]), route)
                  item = slot["item"]
              if len(route["levels"]) > 1 and any(name == item for name, _ in query[:start]):
                  _fail("invalidRoute", "route " + _quoted(route["pattern"]) + " has query item "
                        + _quoted(item) + " at two levels")
              for text in value["texts"]:
                  query.append((item, text))
          _refuse_missing_bound_values(level, current, route)
          current = current["mounted"]
      return {"host": parts[0] if parts else "", "segments": parts[1:], "query": query,
              "fragment": fragment, "subdomain": subdomain}


  def _add_path(level: _Json, link: _Encoded, route: _Json, parts: List[str]) -> List[int]:
      taken: List[int] = []
      parameter = 0
      absent: Optional[str] = None
      for op in level["ops"]:
          if op["k"] == "literal":
              parts.append(op["text"])
              continue
          if op["k"] == "wildcard":
              continue
          slot = {"in": "path", "index": parameter}
          parameter += 1
          index = next((i for i, value in enumerate(link["values"])
                        if i not in taken and _slot_of(level, value["label"]) == slot), -1)
          is_nil = index < 0 and any(
              field["optional"] and field["slot"] == slot for field in level["fields"])
          if is_nil and op["optional"]:
              absent = absent if absent is not None else op["text"]
              continue
          if absent is not None:
              _fail("unprintable", "parameter " + _quoted(op["text"]) + " of "
                    + _quoted(route["pattern"]) + " has a value after " + _quoted(absent)
                    + ", which is nil")
          if is_nil:
              _fail("unprintable", "path parameter " + _quoted(op["text"]) + " of "
                    + _quoted(route["pattern"]) + " is nil")
          if index < 0 or link["values"][index]["isArray"] or not link["values"][index]["texts"]:
              _fail("invalidRoute", "path parameter " + _quoted(op["text"]) + " of "
                    + _quoted(route["pattern"]) + " takes one value")
          taken.append(index)
          text: str = link["values"][index]["texts"][0]
          if op["optional"] and text == "":
              _fail("unprintable", "optional parameter " + _quoted(op["text"]) + " of "
                    + _quoted(route["pattern"]) + " is empty; None prints nothing")
          if not parts and text == "":
              _fail("unprintable", "the host is empty: value " + _quoted(op["text"]) + " is empty")
          if op["k"] == "rest":
              parts.extend(text.split("/"))
              continue
          _check_converter(text, op["converter"], "path segment %d" % (len(parts) + 1))
          parts.append(text)
      return taken


  def _check_converter(text: str, converter: str, component: str) -> None:
      if converter != "string" and text != "" and not _accepts(converter, text):
          _fail("unprintable", component + " " + _quoted(text) + " is not a valid " + converter)


  def _bound_text(texts: List[str], op: Optional[_Json], component: str,
                  route: _Json) -> Optional[str]:
      if any(text == "" for text in texts):
          _fail("unprintable", component + " of " + _quoted(route["pattern"]) + " is empty")
      if not texts:
          return None
      if op is not None:
          _check_converter(texts[0], op["converter"], component)
      return texts[0]


  def _refuse_missing_bound_values(level: _Json, link: _Encoded, route: _Json) -> None:
      bound = [q["op"] for q in level["query"]] + (
          [level["fragment"]] if level["fragment"] is not None else [])
      for op in bound:
          if op["k"] in ("literal", "wildcard") or op["optional"]:
              continue
          optional = any(f["optional"] and f["label"] == op["text"] for f in level["fields"])
          if optional and not any(v["label"] == op["text"] for v in link["values"]):
              _fail("unprintable", "value " + _quoted(op["text"]) + " of "
                    + _quoted(route["pattern"]) + " is nil, and the route requires it")


  # ---- Writing ----

  _UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


  def _write_part(text: str, component: str, is_segment: bool) -> str:
      if re.search(r"[\x00-\x1f\x7f]", text):
          _fail("unprintable", component + " " + _quoted(text) + " has a control character")
      if is_segment and text in ("", ".", ".."):
          _fail("unprintable", component + " " + _quoted(text) + " is empty or a dot segment")
      return "".join(chr(b) if b in _UNRESERVED else "%%%02X" % b for b in text.encode("utf-8"))


  def _custom_form(parts: Dict[str, Any]) -> Dict[str, Any]:
      """The custom-scheme form, where a subdomain is a query item after the others."""
      if parts["subdomain"] is None:
          return parts
      return dict(parts, query=parts["query"] + [parts["subdomain"]], subdomain=None)


  def _write_link(prefix: str, parts: Dict[str, Any]) -> str:
      url = prefix
      if parts["host"] != "" or parts["segments"]:
          url += _write_part(parts["host"], "host", True)
      for index, segment in enumerate(parts["segments"]):
          url += "/" + _write_part(segment, "path segment %d" % (index + 2), True)
      for index, (name, value) in enumerate(parts["query"]):
          component = "query item " + _quoted(name)
          url += ("?" if index == 0 else "&") + _write_part(name, component, False) + "=" \
              + _write_part(value, component, False)
      if parts["fragment"] is not None:
          url += "#" + _write_part(parts["fragment"], "fragment", False)
      limit = int(_TABLE["maximumURLLength"])
      if len(url.encode("utf-8")) > limit:
          _fail("unprintable", "the URL is %d bytes, over the %d the app reads"
                % (len(url.encode("utf-8")), limit))
      return url


  # ---- The route a printed link decodes through ----

  def _fold(text: str) -> str:
      return re.sub(r"[A-Z]", lambda m: m.group(0).lower(), text)


  def _matches(route: _Json, parts: Dict[str, Any]) -> bool:
      links: List[str] = [] if parts["host"] == "" and not parts["segments"] else [
          parts["host"]] + parts["segments"]
      index = 0
      for op in route["ops"]:
          if index >= len(links):
              return bool(op["optional"])
          text = links[index]
          if op["k"] == "literal":
              fold = _TABLE["ignoresPathCase"] or index == 0
              if (_fold(text) != _fold(op["text"])) if fold else text != op["text"]:
                  return False
          elif op["k"] == "wildcard":
              if text == "":
                  return False
          elif op["k"] == "rest":
              if not all(_accepts("path", s) for s in links[index:]):
                  return False
              index = len(links) - 1
          elif not _accepts(op["converter"], text):
              return False
          index += 1
      if index < len(links):
          return False
      for query_op in route["query"]:
          op = query_op["op"]
          found = False
          for name, value in parts["query"]:
              if name != query_op["key"] or (found and op["k"] != "literal"):
                  continue
              fits = value == op["text"] if op["k"] == "literal" else _accepts(op["converter"], value)
              if not fits and not op["optional"]:
                  return False
              found = True
          if not found and not op["optional"]:
              return False
      op = route["fragment"]
      if op is None:
          return True
      if parts["fragment"] is None or parts["fragment"] == "":
          return bool(op["optional"])
      return _accepts(op["converter"], parts["fragment"]) or bool(op["optional"])


  def _precedes(left: int, right: int, link_count: int) -> bool:
      lhs, rhs = _TABLE["routes"][left], _TABLE["routes"][right]
      for position in range(min(len(lhs["ops"]), len(rhs["ops"]), link_count)):
          a, b = tuple(lhs["ops"][position]["rank"]), tuple(rhs["ops"][position]["rank"])
          if a != b:
              return bool(a < b)
          if lhs["ops"][position]["k"] == "rest":
              break
      if lhs["requirements"] != rhs["requirements"]:
          return bool(lhs["requirements"] > rhs["requirements"])
      return left < right


  def _refuse_rivals(index: int, parts: Dict[str, Any], url: str) -> None:
      route = _TABLE["routes"][index]
      if not route["rivals"]:
          return
      link_count = 0 if parts["host"] == "" and not parts["segments"] else 1 + len(parts["segments"])
      best = -1
      for i, candidate in enumerate(_TABLE["routes"]):
          if _matches(candidate, parts) and (best < 0 or _precedes(i, best, link_count)):
              best = i
      if best >= 0 and best != index:
          winner = _TABLE["routes"][best]
          _fail("unprintable", _quoted(url) + " would decode as " + _quoted(winner["name"]) + " ("
                + _quoted(winner["pattern"]) + ", which wins over " + _quoted(route["pattern"])
                + ")")


  # ---- Entry points ----

  def _print(link: Any) -> Dict[str, Any]:
      encoded = _encode(link)
      names: List[str] = []
      level: Optional[_Encoded] = encoded
      while level is not None:
          names.append(level["caseName"])
          level = level["mounted"]
      index = next((i for i, route in enumerate(_TABLE["routes"])
                    if not route["alias"] and route["cases"] == names), -1)
      if index < 0:
          _fail("invalidRoute", "no route prints " + _quoted(".".join(names)))
      parts = _print_parts(_TABLE["routes"][index], encoded)
      custom = _custom_form(parts)
      _refuse_rivals(index, custom, _write_link(_TABLE["scheme"] + "://", custom))
      return parts


  def _custom_scheme_url(link: Any) -> str:
      return _write_link(_TABLE["scheme"] + "://", _custom_form(_print(link)))


  def _universal_url(link: Any, host: Optional[str]) -> str:
      hosts: List[str] = _TABLE["hosts"]
      given: Optional[str] = None
      if host is not None:
          pieces = [piece for piece in host.split("/") if piece != ""]
          given = "/".join([pieces[0].lower()] + pieces[1:]) if pieces else ""
      if given is None and not hosts:
          _fail("host", _TABLE["type"] + " has no universal-link hosts")
      parts = _print(link)
      subdomain = parts["subdomain"]
      is_wildcard = subdomain is not None
      website = given
      if is_wildcard and website is not None and not website.startswith("*.") \
              and "*." + website in hosts:
          website = "*." + website
      if website is None:
          website = next((h for h in hosts if h.startswith("*.") == is_wildcard), None)
      if website is None:
          _fail("host", _TABLE["type"] + (" has no *. host for a subdomain" if is_wildcard
                                          else " has only *. hosts"))
      if website not in hosts:
          _fail("host", "host " + _quoted(host or "") + " is not one of " + ", ".join(hosts))
      name, slash, prefix = website.partition("/")
      if subdomain is not None:
          name = subdomain[1] + "." + (name[2:] if name.startswith("*.") else name)
      elif name.startswith("*."):
          _fail("unprintable", "a *. host prints only a link with a subdomain")
      return _write_link("https://" + name + slash + prefix + "/", parts)
  """#
