"""The board's firmware: sensor matrix, LEDs and the serial protocol, on a Raspberry Pi Pico."""
