"""The web front end: pages and files a browser opens. Beside ``cli/``; calls ``service`` only.

- :mod:`lifeboat.web.viewer`: the table renderer (JavaScript and CSS, shipped as package data) and the self-contained HTML
  replay file built around it.
"""
