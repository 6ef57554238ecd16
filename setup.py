"""setuptools' build, plus the data files kept at the top of the repository.

The catalogue (translations/zh_CN.qm) and the icons (resources/) live beside the package, not
in it (the layout the design names). ``build_py`` copies them into the built package at
``shengji_desktop/_data/``, where the installed program finds them (shengji_desktop/assets.py
says what and where; an editable install reads the repository's folders instead). Everything
else is in pyproject.toml.
"""

from __future__ import annotations

import runpy
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildPyWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # the editable install reads translations/ and resources/ where they are
        assets = runpy.run_path(str(ROOT / "shengji_desktop" / "assets.py"))
        target = Path(self.build_lib) / "shengji_desktop" / "_data"
        for path, folder in assets["bundled_files"](ROOT):
            (target / folder).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target / folder / path.name)


setup(cmdclass={"build_py": BuildPyWithData})
