"""The pygame application: scenes, rendering, touch, the physical-board controller."""
